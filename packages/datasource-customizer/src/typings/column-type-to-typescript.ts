import type { ColumnSchema, ColumnType, NestedEnumType } from '@grove/datasource-toolkit';

/**
 * Quotes a name as a TypeScript string literal (single quotes).
 *
 * @example
 * ```ts
 * quote("it's"); // "'it\\'s'"
 * ```
 */
export function quote(name: string): string {
  return `'${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function enumUnion(values: readonly string[] | undefined): string {
  if (!values?.length) return 'string';

  return [...new Set(values)].sort().map(quote).join(' | ');
}

function toTypeScript(type: ColumnType | NestedEnumType, enumValues?: readonly string[]): string {
  if (Array.isArray(type)) {
    const item = toTypeScript(type[0] as ColumnType, enumValues);

    return /[|&]/.test(item) ? `Array<${item}>` : `${item}[]`;
  }
  if (typeof type === 'object') {
    if ('type' in type && type.type === 'Enum' && Array.isArray(type.enumValues)) {
      return enumUnion(type.enumValues as readonly string[]);
    }
    const entries = Object.entries(type as Record<string, ColumnType | NestedEnumType>).sort(
      ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0),
    );

    return `{ ${entries.map(([key, value]) => `${quote(key)}: ${toTypeScript(value)};`).join(' ')} }`;
  }

  switch (type) {
    case 'Boolean':
      return 'boolean';
    case 'Number':
      return 'number';
    case 'Enum':
      return enumUnion(enumValues);
    case 'Json':
      return 'unknown';
    case 'Point':
      return '[number, number]';
    case 'Binary':
      return 'Buffer';
    case 'String':
    case 'Uuid':
    case 'Date':
    case 'Dateonly':
    case 'Time':
    case 'Timeonly':
    case 'File':
      return 'string';
  }
}

/**
 * The TypeScript type of a column's values: `| null` is added unless the column is required (a
 * primary key, `allowNull: false`, or a `Present` validation rule).
 *
 * @example
 * ```ts
 * columnTypeToTypeScript({ type: 'Column', columnType: ['Number'] }); // 'number[] | null'
 * columnTypeToTypeScript({ type: 'Column', columnType: 'Enum', enumValues: ['b', 'a'] });
 * // "'a' | 'b' | null"
 * ```
 */
export function columnTypeToTypeScript(column: ColumnSchema): string {
  const type = toTypeScript(column.columnType, column.enumValues);
  const required =
    column.isPrimaryKey === true ||
    column.allowNull === false ||
    (column.validation ?? []).some(rule => rule.operator === 'Present');

  return required ? type : `${type} | null`;
}
