import { ValidationError } from '@grove/datasource-toolkit';
import type { ActionFormField, ActionFormLayoutElement } from '../action/action-form-field';

/** A field of the schema file (columns and relations; only what the client reads is typed). */
export interface AgentSchemaField {
  readonly field: string;
  readonly type: unknown;
  /** `"<collection>.<field>"` for relations, `null` for columns. */
  readonly reference?: string | null;
  readonly relationship?: 'BelongsTo' | 'HasOne' | 'HasMany' | 'BelongsToMany' | string;
  readonly isPrimaryKey?: boolean;
  readonly [key: string]: unknown;
}

/** An action of the schema file. */
export interface AgentSchemaAction {
  readonly id: string;
  readonly name: string;
  readonly type?: 'single' | 'bulk' | 'global';
  /** `/forest/_actions/<collection>/<index>/<slug>` (never includes a custom prefix). */
  readonly endpoint: string;
  readonly download?: boolean;
  readonly fields?: readonly ActionFormField[];
  readonly layout?: readonly ActionFormLayoutElement[];
  readonly hooks?: { readonly load?: boolean; readonly change?: readonly unknown[] };
  readonly [key: string]: unknown;
}

/** A collection of the schema file. */
export interface AgentSchemaCollection {
  readonly name: string;
  readonly fields: readonly AgentSchemaField[];
  readonly actions?: readonly AgentSchemaAction[];
  readonly segments?: readonly { readonly id?: string; readonly name: string }[];
  readonly [key: string]: unknown;
}

/** The agent schema: the content of `.grove-schema.json` (`{ collections, meta }`). */
export interface AgentSchema {
  readonly collections: readonly AgentSchemaCollection[];
  readonly meta?: Readonly<Record<string, unknown>>;
}

type Resource = { id?: unknown; type?: unknown; attributes?: Record<string, unknown> };
type Linked = { relationships?: Record<string, { data?: Array<{ id?: unknown }> }> };

// The JSON:API form the agent uploads (`POST /forest/apimaps`) → the file form. Fields are in the
// collection's attributes in the upload, and related resources in `included` in what the
// platform serves back (`GET /liana/forest-schema`): both are read.
function fromApimap(data: unknown[], included: unknown[]): AgentSchema {
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of included as Resource[])
    byKey.set(`${item.type}/${item.id}`, { ...item.attributes });
  const collections = (data as Array<Resource & Linked>).map(item => {
    const linked = (kind: string): unknown[] =>
      (item.relationships?.[kind]?.data ?? []).map(
        ref => byKey.get(`${kind}/${String(ref.id)}`) ?? { id: ref.id },
      );

    return {
      ...(item.relationships?.fields ? { fields: linked('fields') } : {}),
      ...item.attributes,
      actions: linked('actions'),
      segments: linked('segments'),
    };
  });

  return { collections: collections as unknown as AgentSchemaCollection[] };
}

/**
 * Checks and reads an agent schema: the `.grove-schema.json` content (`{ collections, meta }`)
 * or the JSON:API document an agent uploads (`{ data, included, meta }`).
 *
 * @example
 * ```ts
 * const schema = readAgentSchema(JSON.parse(await readFile('.grove-schema.json', 'utf8')));
 * ```
 */
export function readAgentSchema(value: unknown): AgentSchema {
  if (typeof value === 'object' && value !== null) {
    const { collections, data, included, meta } = value as Record<string, unknown>;
    const schema = Array.isArray(data)
      ? fromApimap(data, Array.isArray(included) ? included : [])
      : { collections, meta };
    if (
      Array.isArray(schema.collections) &&
      schema.collections.every(
        (c: unknown) =>
          typeof c === 'object' &&
          c !== null &&
          typeof (c as AgentSchemaCollection).name === 'string' &&
          Array.isArray((c as AgentSchemaCollection).fields),
      )
    ) {
      return schema as AgentSchema;
    }
  }
  throw new ValidationError(
    'Invalid agent schema: expected { collections: [{ name, fields, actions }] } (.grove-schema.json)',
  );
}
