import { DataSourceCharts } from './chart/data-source-charts';
import { CollectionClient } from './collection/collection-client';
import type { AgentHttp } from './http/agent-http';
import type { DeserializeOptions } from './jsonapi/deserialize-records';
import type { SchemaIndex } from './schema/schema-index';

/** One collection of the capabilities answer (`POST /_internal/capabilities`). */
export interface CollectionCapabilities {
  readonly name: string;
  readonly fields: readonly {
    readonly name: string;
    readonly type: string;
    readonly operators?: readonly string[];
    readonly isGroupable?: boolean;
  }[];
  readonly [key: string]: unknown;
}

/**
 * A client of a running agent that speaks the agent protocol as the frontend does. Built by
 * {@link createAgentClient}. Data-source charts are methods of the client itself.
 *
 * @example
 * ```ts
 * const client = createAgentClient({ url: 'http://localhost:3310', authSecret: process.env.GROVE_AUTH_SECRET! });
 * const books = await client.collection('books').list({ pagination: { size: 5 } });
 * const revenue = await client.valueChart('revenue');
 * ```
 */
export class AgentClient extends DataSourceCharts {
  constructor(
    http: AgentHttp,
    private readonly schema: SchemaIndex,
    private readonly records: DeserializeOptions = {},
  ) {
    super(http);
  }

  /** A handle on one collection (no request is sent until a method is called). */
  collection(name: string): CollectionClient {
    return new CollectionClient(
      { http: this.http, schema: this.schema, records: this.records },
      name,
    );
  }

  /** Fields, operators (snake case) and aggregation capabilities of collections. */
  async capabilities(collectionNames: readonly string[]): Promise<CollectionCapabilities[]> {
    const body = await this.http.json({
      method: 'POST',
      path: '/_internal/capabilities',
      body: { collectionNames },
    });
    const { collections } = (body ?? {}) as { collections?: unknown };

    return Array.isArray(collections) ? (collections as CollectionCapabilities[]) : [];
  }
}
