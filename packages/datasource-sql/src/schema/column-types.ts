import type { ColumnType, Operator, PrimitiveType } from '@grove/datasource-toolkit';
import type { ScalarSubType, SqlColumnType } from '../introspection/introspection';

const primitives: Readonly<Record<ScalarSubType, PrimitiveType>> = {
  BIGINT: 'Number',
  BLOB: 'Binary',
  BOOLEAN: 'Boolean',
  DATE: 'Date',
  DATEONLY: 'Dateonly',
  DECIMAL: 'Number',
  DOUBLE: 'Number',
  FLOAT: 'Number',
  INET: 'String',
  INTEGER: 'Number',
  JSON: 'Json',
  JSONB: 'Json',
  NUMBER: 'Number',
  POINT: 'Point',
  REAL: 'Number',
  STRING: 'String',
  TEXT: 'String',
  TIME: 'Time',
  UUID: 'Uuid',
};

/**
 * The Grove column type of an introspected SQL type.
 *
 * @example
 * ```ts
 * toColumnType({ type: 'array', subType: { type: 'scalar', subType: 'TEXT' } }); // ['String']
 * ```
 */
export function toColumnType(type: SqlColumnType): ColumnType {
  if (type.type === 'scalar') return primitives[type.subType];
  if (type.type === 'enum') return 'Enum';

  return [toColumnType(type.subType)];
}

/** The enum labels of an enum column or of an array of enums. */
export function enumValuesOf(type: SqlColumnType): string[] | undefined {
  if (type.type === 'enum') return [...type.values];

  return type.type === 'array' ? enumValuesOf(type.subType) : undefined;
}

const presence: Operator[] = ['Present', 'Blank', 'Missing', 'Equal', 'NotEqual'];
const lists: Operator[] = ['In', 'NotIn'];
const ordering: Operator[] = ['LessThan', 'GreaterThan', 'LessThanOrEqual', 'GreaterThanOrEqual'];
const text: Operator[] = [
  'Contains',
  'NotContains',
  'IContains',
  'NotIContains',
  'StartsWith',
  'IStartsWith',
  'EndsWith',
  'IEndsWith',
  'Like',
  'ILike',
  'LongerThan',
  'ShorterThan',
];

const byType: Readonly<Record<PrimitiveType, readonly Operator[]>> = {
  Boolean: [...presence, ...lists],
  Binary: [...presence, ...lists],
  Date: [...presence, ...lists, ...ordering, 'Before', 'After'],
  Dateonly: [...presence, ...lists, ...ordering, 'Before', 'After'],
  Enum: [...presence, ...lists],
  File: presence,
  Json: [...presence, ...lists, 'IncludesAll', 'IncludesNone'],
  Number: [...presence, ...lists, ...ordering],
  Point: presence,
  String: [...presence, ...lists, ...ordering, ...text],
  Time: [...presence, 'LessThan', 'GreaterThan'],
  Timeonly: [...presence, 'LessThan', 'GreaterThan'],
  Uuid: [...presence, ...lists],
};

/**
 * The operators the SQL data source translates natively for a column type. Relative dates
 * (Today, PreviousWeek…) are left to the toolkit, which rewrites them with the caller's clock.
 *
 * @example
 * ```ts
 * nativeOperators('Time').has('In'); // false
 * ```
 */
export function nativeOperators(columnType: ColumnType): Set<Operator> {
  if (typeof columnType === 'string') return new Set(byType[columnType]);

  return new Set(
    Array.isArray(columnType)
      ? [...presence, ...lists, 'IncludesAll', 'IncludesNone']
      : ['Present', 'Missing', 'Blank'],
  );
}
