import type { ColumnSchema } from '@grove/datasource-toolkit';
import type { SchemaField } from './agent-schema';
import { toSchemaColumnType } from './schema-column-type';
import { toSchemaValidations } from './schema-validations';
import { toJsonValue } from './to-json-value';

/**
 * The field object of a column (docs/agent-protocol.md#column-fields), keys in alphabetical order.
 * A foreign key that is also a primary key (the only foreign keys the schema lists) is published
 * read-only.
 *
 * @param name - The column name.
 * @param column - Its schema.
 * @param isForeignKey - Whether a ManyToOne of the collection uses it as foreign key.
 * @example
 * ```ts
 * buildColumnField('title', { type: 'Column', columnType: 'String', isSortable: true,
 *   filterOperators: new Set(['Equal']) }, false);
 * // { defaultValue: null, enums: [], field: 'title', integration: null, inverseOf: null,
 * //   isFilterable: true, isPrimaryKey: false, isReadOnly: false, isRequired: false,
 * //   isSortable: true, isVirtual: false, reference: null, type: 'String', validations: [] }
 * ```
 */
export function buildColumnField(
  name: string,
  column: ColumnSchema,
  isForeignKey: boolean,
): SchemaField {
  return {
    defaultValue: toJsonValue(column.defaultValue),
    enums: column.enumValues && isEnum(column) ? [...column.enumValues].sort() : [],
    field: name,
    integration: null,
    inverseOf: null,
    isFilterable: isFilterable(column),
    isPrimaryKey: Boolean(column.isPrimaryKey),
    isReadOnly: isForeignKey || Boolean(column.isReadOnly),
    isRequired: isRequired(column),
    isSortable: Boolean(column.isSortable),
    isVirtual: false,
    reference: null,
    type: toSchemaColumnType(column.columnType),
    validations: toSchemaValidations(column),
  };
}

/**
 * Whether the frontend may filter on a column: it supports at least one operator.
 *
 * @example
 * ```ts
 * isFilterable({ type: 'Column', columnType: 'Json' }); // false
 * ```
 */
export function isFilterable(column: ColumnSchema): boolean {
  return (column.filterOperators?.size ?? 0) > 0;
}

/**
 * Whether a column is required: it has a `Present` validation rule.
 *
 * @example
 * ```ts
 * isRequired({ type: 'Column', columnType: 'String', validation: [{ operator: 'Present' }] }); // true
 * ```
 */
export function isRequired(column: ColumnSchema): boolean {
  return (column.validation ?? []).some(rule => rule.operator === 'Present');
}

function isEnum({ columnType }: ColumnSchema): boolean {
  return columnType === 'Enum' || (Array.isArray(columnType) && columnType[0] === 'Enum');
}
