import type { SerializedField, SerializedLayoutElement } from '../forms/serialized-form';

/**
 * The type of a field in the schema: a primitive name (`Binary` is published as `String`), a
 * one-element list for arrays, or the fields of a composite object.
 *
 * @example
 * ```ts
 * const tags: SchemaColumnType = ['String'];
 * const address: SchemaColumnType = { fields: [{ field: 'city', type: 'String' }] };
 * ```
 */
export type SchemaColumnType =
  | string
  | [SchemaColumnType]
  | { fields: Array<{ field: string; type: SchemaColumnType; enums?: string[] }> };

/**
 * A validation rule the frontend enforces (docs/agent-protocol.md#column-fields).
 *
 * @example
 * ```ts
 * const rule: SchemaValidation = { type: 'is longer than', value: 2, message: 'Value must be longer than 2 characters' };
 * ```
 */
export interface SchemaValidation {
  type: string;
  value?: unknown;
  message: string;
}

/**
 * The relation kinds of the schema, as the frontend names them.
 *
 * @example
 * ```ts
 * const kind: SchemaRelationship = 'BelongsTo';
 * ```
 */
export type SchemaRelationship = 'BelongsTo' | 'HasOne' | 'HasMany' | 'BelongsToMany';

/**
 * A field object (docs/agent-protocol.md#column-fields and docs/agent-protocol.md#relation-fields);
 * keys are written in alphabetical order. `relationship` is present on relations only; columns have
 * `enums` as a list and `reference: null`.
 *
 * @example
 * ```ts
 * const title: SchemaField = { defaultValue: null, enums: [], field: 'title', integration: null,
 *   inverseOf: null, isFilterable: true, isPrimaryKey: false, isReadOnly: false, isRequired: false,
 *   isSortable: true, isVirtual: false, reference: null, type: 'String', validations: [] };
 * ```
 */
export interface SchemaField {
  defaultValue: unknown;
  enums: string[] | null;
  field: string;
  integration: null;
  inverseOf: string | null;
  isFilterable: boolean;
  isPrimaryKey: boolean;
  isReadOnly: boolean;
  isRequired: boolean;
  isSortable: boolean;
  isVirtual: boolean;
  reference: string | null;
  relationship?: SchemaRelationship;
  type: SchemaColumnType;
  validations: SchemaValidation[];
}

/**
 * An action object (docs/agent-protocol.md#action-objects).
 *
 * @example
 * ```ts
 * const action: SchemaAction = { id: 'books-0-reject', name: 'Reject', type: 'single',
 *   baseUrl: null, endpoint: '/forest/_actions/books/0/reject', httpMethod: 'POST',
 *   redirect: null, download: false, fields: [], hooks: { load: false, change: ['changeHook'] } };
 * ```
 */
export interface SchemaAction {
  id: string;
  name: string;
  type: 'single' | 'bulk' | 'global';
  baseUrl: null;
  endpoint: string;
  httpMethod: 'POST';
  redirect: null;
  download: boolean;
  fields: SerializedField[];
  layout?: SerializedLayoutElement[];
  description?: string;
  submitButtonLabel?: string;
  hooks: { load: boolean; change: ['changeHook'] };
}

/**
 * A segment object (docs/agent-protocol.md#segment-objects).
 *
 * @example
 * ```ts
 * const segment: SchemaSegment = { id: 'books.Classics', name: 'Classics' };
 * ```
 */
export interface SchemaSegment {
  id: string;
  name: string;
}

/**
 * A collection object, keys in the order of docs/agent-protocol.md#collection-objects.
 *
 * @example
 * ```ts
 * const books: SchemaCollection = { actions: [], fields: [], icon: null, integration: null,
 *   isReadOnly: false, isSearchable: true, isVirtual: false, name: 'books',
 *   onlyForRelationships: false, paginationType: 'page', segments: [] };
 * ```
 */
export interface SchemaCollection {
  actions: SchemaAction[];
  fields: SchemaField[];
  icon: null;
  integration: null;
  isReadOnly: boolean;
  isSearchable: boolean;
  isVirtual: boolean;
  name: string;
  onlyForRelationships: boolean;
  paginationType: 'page';
  segments: SchemaSegment[];
}

/**
 * Who generated the schema (docs/agent-protocol.md#schema-meta).
 *
 * @example
 * ```ts
 * const meta: SchemaMeta = { liana: 'grove-agent', liana_version: '0.1.0', liana_features: null,
 *   stack: { engine: 'nodejs', engine_version: '20.19.0' } };
 * ```
 */
export interface SchemaMeta {
  liana: string;
  liana_version: string;
  liana_features: Record<string, string> | null;
  stack: { engine: string; engine_version: string };
}

/**
 * The schema of an agent: the content of `.grove-schema.json` (docs/agent-protocol.md#schema-file).
 *
 * @example
 * ```ts
 * const schema: AgentSchema = await generateSchema(dataSource, { useUnsafeActionEndpoint: false });
 * ```
 */
export interface AgentSchema {
  collections: SchemaCollection[];
  meta: SchemaMeta;
}
