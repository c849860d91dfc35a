import type { ColumnType, PrimitiveType } from '../interfaces/schema';
import { allOperators, type Operator } from '../query/condition-tree/operators';
import { primitiveTypes } from '../interfaces/schema';
import type { ValueType } from './type-getter';

const base: readonly Operator[] = ['Blank', 'Equal', 'Missing', 'NotEqual', 'Present'];
const array: readonly Operator[] = ['In', 'NotIn', 'IncludesAll', 'IncludesNone'];
const dates: readonly Operator[] = [
  'Today',
  'Yesterday',
  'PreviousXDaysToDate',
  'PreviousWeek',
  'PreviousWeekToDate',
  'PreviousMonth',
  'PreviousMonthToDate',
  'PreviousQuarter',
  'PreviousQuarterToDate',
  'PreviousYear',
  'PreviousYearToDate',
  'Past',
  'Future',
  'PreviousXDays',
  'Before',
  'After',
];
const strings: readonly Operator[] = [
  'Contains',
  'NotContains',
  'EndsWith',
  'StartsWith',
  'LongerThan',
  'ShorterThan',
  'Like',
  'ILike',
  'IContains',
  'NotIContains',
  'IEndsWith',
  'IStartsWith',
];
const times: readonly Operator[] = [...base, 'LessThan', 'GreaterThan'];

function set(...lists: ReadonlyArray<readonly Operator[]>): ReadonlySet<Operator> {
  return new Set(lists.flat());
}

/**
 * The operators each primitive column type can be filtered with (`Match` is in none: it is
 * internal). `File` values are data-URI strings compared as a whole; `Timeonly` is `Time`.
 *
 * @example
 * ```ts
 * operatorsByColumnType.Number.has('GreaterThan'); // true
 * operatorsByColumnType.Date.has('LessThan'); // false (use Before / After)
 * ```
 */
export const operatorsByColumnType: Readonly<Record<PrimitiveType, ReadonlySet<Operator>>> = {
  Boolean: set(base, array),
  Binary: set(base, array),
  Date: set(base, dates, ['BeforeXHoursAgo', 'AfterXHoursAgo']),
  Dateonly: set(base, dates),
  Enum: set(base, array),
  File: set(base),
  Json: set(base, array),
  Number: set(base, array, ['GreaterThan', 'LessThan', 'GreaterThanOrEqual', 'LessThanOrEqual']),
  Point: set(base),
  String: set(base, array, strings),
  Time: set(times),
  Timeonly: set(times),
  Uuid: set(base, array),
};

/** Grove: operators of array-typed composite columns (e.g. `['String']`). */
export const arrayColumnOperators: ReadonlySet<Operator> = set(base, array);

/** Grove: operators of object-typed composite columns (e.g. `{ street: 'String' }`). */
export const objectColumnOperators: ReadonlySet<Operator> = set(base);

/**
 * The operators a column type can be filtered with. Composite types, which the vendor table does
 * not cover, get a fixed list: BASE + ARRAY for arrays, BASE only for objects (their values are
 * not type-checked).
 *
 * @example
 * ```ts
 * allowedOperatorsFor('Point'); // Set { 'Blank', 'Equal', 'Missing', 'NotEqual', 'Present' }
 * allowedOperatorsFor(['String']).has('IncludesAll'); // true
 * ```
 */
export function allowedOperatorsFor(columnType: ColumnType): ReadonlySet<Operator> {
  if (typeof columnType === 'string') return operatorsByColumnType[columnType];

  return Array.isArray(columnType) ? arrayColumnOperators : objectColumnOperators;
}

/**
 * The operators that take no value (presence checks and periods relative to "now").
 *
 * @example
 * ```ts
 * noValueOperators.has('Today'); // true
 * ```
 */
export const noValueOperators: ReadonlySet<Operator> = new Set<Operator>([
  'Blank',
  'Missing',
  'Present',
  'Today',
  'Yesterday',
  'PreviousWeek',
  'PreviousMonth',
  'PreviousQuarter',
  'PreviousYear',
  'PreviousWeekToDate',
  'PreviousMonthToDate',
  'PreviousQuarterToDate',
  'PreviousYearToDate',
  'Past',
  'Future',
]);

/**
 * The six operators whose value is a number argument (days, hours, length), not a column value.
 *
 * @example
 * ```ts
 * numericArgumentOperators.has('PreviousXDays'); // true
 * ```
 */
export const numericArgumentOperators: ReadonlySet<Operator> = new Set<Operator>([
  'PreviousXDays',
  'PreviousXDaysToDate',
  'BeforeXHoursAgo',
  'AfterXHoursAgo',
  'LongerThan',
  'ShorterThan',
]);

const nullableOperators: ReadonlySet<Operator> = new Set<Operator>([
  'Equal',
  'In',
  'NotIn',
  'IncludesAll',
  'IncludesNone',
]);

function computeValueTypes(operator: Operator): readonly ValueType[] {
  if (noValueOperators.has(operator)) return ['Null'];
  if (numericArgumentOperators.has(operator)) return ['Number'];
  const types: ValueType[] = primitiveTypes.filter(type =>
    operatorsByColumnType[type].has(operator),
  );

  return nullableOperators.has(operator) ? [...types, 'Null'] : types;
}

const valueTypesByOperator = new Map<Operator, readonly ValueType[]>(
  allOperators.map(operator => [operator, computeValueTypes(operator)]),
);

/**
 * The types a condition's value may have for an operator (docs/query-model.md#value-types): the
 * column types listing the operator (plus `Null` for Equal/In/NotIn/IncludesAll/IncludesNone), only
 * `Null` for the operators taking no value, only `Number` for the six numeric-argument operators.
 * Array values are checked element by element.
 *
 * @example
 * ```ts
 * allowedValueTypes('Contains'); // ['String']
 * allowedValueTypes('Today'); // ['Null']
 * allowedValueTypes('PreviousXDays'); // ['Number']
 * ```
 */
export function allowedValueTypes(operator: Operator): readonly ValueType[] {
  return valueTypesByOperator.get(operator) ?? [];
}
