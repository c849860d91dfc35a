import type { Collection, FieldSchema } from '@grove/datasource-toolkit';
import { listActionEndpoints } from './action-endpoints';
import type { SchemaCollection, SchemaField } from './agent-schema';
import { buildSchemaAction } from './schema-action';
import { buildColumnField } from './schema-column-field';
import { buildRelationField } from './schema-relation-field';

/** Options of {@link buildSchemaCollection} and `generateSchema`. */
export interface GenerateSchemaOptions {
  /** Action routes without the declaration index (docs/agent-protocol.md#action-routes). */
  readonly useUnsafeActionEndpoint: boolean;
}

/**
 * The collection object of the schema (docs/agent-protocol.md#collection-objects), keys in the
 * order of docs/agent-protocol.md#collection-objects: fields sorted by name without the foreign
 * keys of ManyToOne relations (unless they are primary keys), actions sorted by name (their ids
 * keep the declaration index), segments sorted by name.
 *
 * @param collection - A collection of the customized data source.
 * @param options - `useUnsafeActionEndpoint`.
 * @example
 * ```ts
 * const books = await buildSchemaCollection(dataSource.getCollection('books'),
 *   { useUnsafeActionEndpoint: false });
 * books.fields.map(field => field.field); // ['author', 'id', 'title'] (authorId is hidden)
 * ```
 */
export async function buildSchemaCollection(
  collection: Collection,
  options: GenerateSchemaOptions,
): Promise<SchemaCollection> {
  const { name, schema } = collection;
  const fieldEntries = Object.entries(schema.fields);
  const foreignKeys = new Set(
    fieldEntries.flatMap(([, field]) => (field.type === 'ManyToOne' ? [field.foreignKey] : [])),
  );
  const fields = fieldEntries
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .flatMap(([fieldName, field]): SchemaField[] => {
      if (field.type !== 'Column') return [buildRelationField(collection, fieldName, field)];
      const isForeignKey = foreignKeys.has(fieldName);
      if (isForeignKey && !field.isPrimaryKey) return [];

      return [buildColumnField(fieldName, field, isForeignKey)];
    });

  const endpoints = listActionEndpoints(
    name,
    Object.keys(schema.actions),
    options.useUnsafeActionEndpoint,
  ).sort((a, b) => compareCodeUnits(a.name, b.name));
  const actions = await Promise.all(endpoints.map(e => buildSchemaAction(collection, e)));
  const columns = fieldEntries.map(([, field]) => field).filter(isColumn);

  return {
    actions,
    fields,
    icon: null,
    integration: null,
    isReadOnly: columns.every(column => Boolean(column.isReadOnly)),
    isSearchable: Boolean(schema.searchable),
    isVirtual: false,
    name,
    onlyForRelationships: false,
    paginationType: 'page',
    segments: [...schema.segments]
      .sort(compareCodeUnits)
      .map(segment => ({ id: `${name}.${segment}`, name: segment })),
  };
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;

  return a < b ? -1 : 1;
}

function isColumn(field: FieldSchema): field is Extract<FieldSchema, { type: 'Column' }> {
  return field.type === 'Column';
}
