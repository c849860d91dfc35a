import type { Readable } from 'node:stream';
import { Action } from '../action/action';
import { deserializeRecord, deserializeRecords } from '../jsonapi/deserialize-records';
import type { AgentRecord } from '../jsonapi/deserialize-records';
import { listQuery, projectionQuery, selectionQuery } from '../query/list-options';
import type { ListOptions, SelectionOptions } from '../query/list-options';
import { packRecordId } from '../query/record-id';
import type { RecordId } from '../query/record-id';
import { CollectionCharts } from '../chart/collection-charts';
import { NotFoundError } from '@grove/datasource-toolkit';
import type { CollectionCapabilities } from '../agent-client';
import {
  collectStream,
  idSegment,
  isCsvWritable,
  writeCsv,
  nameSegment,
  readCount,
  requestCsv,
  selectionBody,
} from './collection-context';
import type { CollectionContext, CsvExportOptions, CsvWritable } from './collection-context';
import { RelationClient } from './relation-client';
import { SegmentClient } from './segment-client';

/** Which records an action runs on, and where it is found. */
export interface ActionOptions {
  /** A single record (Single actions). */
  readonly recordId?: RecordId;
  /** Several records (Bulk actions). Neither for Global actions. */
  readonly recordIds?: readonly RecordId[];
  /** The action path (`/forest/_actions/…`), when the client has no schema to read it from. */
  readonly endpoint?: string;
  /** The related-data view the action is run from. */
  readonly parent?: {
    readonly collection: string;
    readonly id: RecordId;
    readonly relation: string;
  };
}

/** Options of `create`: to-one relations to link, by relation name → foreign record id. */
export interface CreateOptions {
  readonly relationships?: Readonly<Record<string, RecordId | null>>;
}

/**
 * One collection of the agent: records (list, count, get, create, update, delete, CSV export),
 * relations, actions and charts. Records keep their schema field names.
 *
 * @example
 * ```ts
 * const books = client.collection('books');
 * const page = await books.list({
 *   filters: { field: 'title', operator: 'IContains', value: 'dune' },
 *   sort: '-publishedAt', pagination: { size: 10, number: 1 }, fields: ['id', 'title', 'author:name'],
 * });
 * const created = await books.create({ title: 'Dune' }, { relationships: { author: 3 } });
 * await books.delete([created.id as number]);
 * ```
 */
export class CollectionClient extends CollectionCharts {
  private readonly path: string;

  constructor(
    private readonly context: CollectionContext,
    readonly name: string,
  ) {
    super(context.http, name);
    this.path = `/${nameSegment(name)}`;
  }

  /** Lists records (`GET /<collection>`). */
  async list<T = AgentRecord>(options: ListOptions = {}): Promise<T[]> {
    const body = await this.context.http.json({
      method: 'GET',
      path: this.path,
      query: listQuery(this.name, options),
    });

    return deserializeRecords(body, this.context.records) as T[];
  }

  /** Shorthand for `list({ ...options, search: text })`. */
  search<T = AgentRecord>(text: string, options: ListOptions = {}): Promise<T[]> {
    return this.list<T>({ ...options, search: text });
  }

  /**
   * Reads one record (`GET /<collection>/<id>`); a missing one throws a NotFoundError.
   * `{ skipDeserialization: true }` returns the JSON:API body as the agent sent it.
   */
  async getOne<T = AgentRecord>(
    id: RecordId,
    options: Pick<ListOptions, 'fields'> = {},
    read: { readonly skipDeserialization?: boolean } = {},
  ): Promise<T> {
    const query = options.fields === undefined ? {} : projectionQuery(this.name, options.fields);
    const body = await this.context.http.json({
      method: 'GET',
      path: `${this.path}/${idSegment(id)}`,
      query,
    });

    return (
      read.skipDeserialization === true ? body : deserializeRecord(body, this.context.records)
    ) as T;
  }

  /** Counts records (`GET /<collection>/count`). */
  async count(options: SelectionOptions = {}): Promise<number> {
    const query = selectionQuery(options);
    const body = await this.context.http.json({ method: 'GET', path: `${this.path}/count`, query });

    return readCount(body, this.name);
  }

  /** Creates a record and returns it as the agent serialized it. */
  async create<T = AgentRecord>(
    attributes: Readonly<Record<string, unknown>>,
    options: CreateOptions = {},
  ): Promise<T> {
    const relationships = Object.fromEntries(
      Object.entries(options.relationships ?? {}).map(([relation, id]) => [
        relation,
        {
          data:
            id === null
              ? null
              : {
                  type: this.context.schema.foreignCollection(this.name, relation) ?? relation,
                  id: packRecordId(id),
                },
        },
      ]),
    );
    const data = {
      type: this.name,
      attributes,
      ...(options.relationships ? { relationships } : {}),
    };
    const body = await this.context.http.json({ method: 'POST', path: this.path, body: { data } });

    return deserializeRecord(body, this.context.records) as T;
  }

  /** Updates a record; returns it re-read, or `null` when it left the caller's scope. */
  async update<T = AgentRecord>(
    id: RecordId,
    attributes: Readonly<Record<string, unknown>>,
  ): Promise<T | null> {
    const data = { type: this.name, id: packRecordId(id), attributes };
    const body = await this.context.http.json({
      method: 'PUT',
      path: `${this.path}/${idSegment(id)}`,
      body: { data },
    });

    return deserializeRecord(body, this.context.records) as T | null;
  }

  /**
   * Deletes one record (`delete(12)`, `DELETE /<collection>/<id>`) or several (`delete([12, 13])`,
   * bulk `DELETE /<collection>`). A composite id is a packed string or a nested array.
   */
  async delete(ids: string | number | readonly RecordId[]): Promise<void> {
    if (!Array.isArray(ids)) {
      const path = `${this.path}/${idSegment(ids as string | number)}`;
      await this.context.http.json({ method: 'DELETE', path });

      return;
    }
    const body = selectionBody(this.name, ids as readonly RecordId[]);
    await this.context.http.json({ method: 'DELETE', path: this.path, body });
  }

  /**
   * Exports records as CSV. Columns: `fields`, else the schema's columns. With options only it
   * returns a Node stream; with a writable first (`exportCsv(createWriteStream(path), options)`,
   * as the vendor's client does) it writes the export into it and resolves once it is written.
   */
  exportCsv(options?: CsvExportOptions): Promise<Readable>;
  exportCsv(stream: CsvWritable, options?: CsvExportOptions): Promise<void>;
  exportCsv(
    first?: CsvExportOptions | CsvWritable,
    options: CsvExportOptions = {},
  ): Promise<Readable | void> {
    const columns = this.context.schema.columns(this.name);
    if (isCsvWritable(first)) {
      const csv = requestCsv(
        this.context.http,
        { path: this.path, fieldsKey: this.name, columns },
        options,
      );

      return writeCsv(csv, first);
    }

    return requestCsv(
      this.context.http,
      { path: this.path, fieldsKey: this.name, columns },
      first ?? {},
    );
  }

  /** The records of a segment declared in code: `segment('Parisians').list()`. */
  segment(name: string): SegmentClient {
    return new SegmentClient(this, { segment: name });
  }

  /** The records of a SQL segment: `liveQuerySegment({ connectionName, query }).list()`. */
  liveQuerySegment(options: {
    readonly connectionName: string;
    readonly query: string;
  }): SegmentClient {
    const { connectionName, query } = options;

    return new SegmentClient(this, { liveQuerySegment: { connectionName, query } });
  }

  /**
   * The fields of the collection with their type and operators (snake case), from
   * `POST /_internal/capabilities`. Throws a NotFoundError when the agent does not list it.
   */
  async capabilities(): Promise<CollectionCapabilities> {
    const body = await this.context.http.json({
      method: 'POST',
      path: '/_internal/capabilities',
      body: { collectionNames: [this.name] },
    });
    const { collections } = (body ?? {}) as { collections?: unknown };
    const found = Array.isArray(collections)
      ? (collections as CollectionCapabilities[]).find(c => c?.name === this.name)
      : undefined;
    if (found === undefined) {
      throw new NotFoundError(`Collection ${this.name} not found in the capabilities answer`);
    }

    return found;
  }

  /** Exports records as CSV text. */
  async exportCsvText(options: CsvExportOptions = {}): Promise<string> {
    return collectStream(await this.exportCsv(options));
  }

  /** The records linked to `parentId` through the relation `name`. */
  relation(name: string, parentId: RecordId): RelationClient {
    return new RelationClient(this.context, this.name, name, parentId);
  }

  /** Loads an action's form on the given records and returns the action to fill and execute. */
  async action(name: string, options: ActionOptions = {}): Promise<Action> {
    const schema =
      options.endpoint === undefined ? this.context.schema.action(this.name, name) : undefined;
    const endpoint = options.endpoint ?? schema?.endpoint ?? '';
    const ids = options.recordIds ?? (options.recordId === undefined ? [] : [options.recordId]);
    const { parent } = options;

    return Action.load({
      http: this.context.http,
      collection: this.name,
      // Schema endpoints start with `/forest` (never a custom prefix): the client's base has it.
      path: endpoint.replace(/^\/forest(?=\/)/, ''),
      ...(schema === undefined ? {} : { schema }),
      ids: ids.map(packRecordId),
      ...(parent === undefined
        ? {}
        : {
            parent: {
              parent_collection_name: parent.collection,
              parent_collection_id: packRecordId(parent.id),
              parent_association_name: parent.relation,
            },
          }),
    });
  }
}
