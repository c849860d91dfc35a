import type { ColumnType, NestedEnumType } from '@grove/datasource-toolkit';
import type { SchemaColumnType } from './agent-schema';

/**
 * Converts a column type to its schema form (docs/agent-protocol.md#column-fields): `Binary`
 * becomes `String`, arrays stay one-element lists, and composite objects become `{ fields: [{
 * field, type, enums? }] }` with nested enum values sorted.
 *
 * @param columnType - The type of a column of the data source.
 * @example
 * ```ts
 * toSchemaColumnType(['Binary']); // ['String']
 * toSchemaColumnType({ kind: { type: 'Enum', enumValues: ['B', 'A'] } });
 * // { fields: [{ field: 'kind', type: 'Enum', enums: ['A', 'B'] }] }
 * ```
 */
export function toSchemaColumnType(columnType: ColumnType): SchemaColumnType {
  if (typeof columnType === 'string') return columnType === 'Binary' ? 'String' : columnType;
  if (Array.isArray(columnType)) return [toSchemaColumnType((columnType as [ColumnType])[0])];

  const entries = Object.entries(columnType as Record<string, ColumnType | NestedEnumType>);

  return {
    fields: entries.map(([field, type]) =>
      isNestedEnum(type)
        ? { field, type: 'Enum', enums: [...type.enumValues].sort() }
        : { field, type: toSchemaColumnType(type) },
    ),
  };
}

function isNestedEnum(type: ColumnType | NestedEnumType): type is NestedEnumType {
  return (
    typeof type === 'object' &&
    !Array.isArray(type) &&
    (type as Partial<NestedEnumType>).type === 'Enum' &&
    Array.isArray((type as Partial<NestedEnumType>).enumValues)
  );
}
