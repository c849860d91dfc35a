/** The 13 operators from which every other one can be built. */
export const uniqueOperators = [
  'Equal',
  'NotEqual',
  'LessThan',
  'GreaterThan',
  'LessThanOrEqual',
  'GreaterThanOrEqual',
  'Match',
  'NotContains',
  'NotIContains',
  'LongerThan',
  'ShorterThan',
  'IncludesAll',
  'IncludesNone',
] as const;

/** Date operators relative to "now" in the caller's timezone, rewritten into intervals. */
export const intervalOperators = [
  'Today',
  'Yesterday',
  'PreviousMonth',
  'PreviousQuarter',
  'PreviousWeek',
  'PreviousYear',
  'PreviousMonthToDate',
  'PreviousQuarterToDate',
  'PreviousWeekToDate',
  'PreviousXDaysToDate',
  'PreviousXDays',
  'PreviousYearToDate',
] as const;

/** Date operators comparing with "now" or with a given date, rewritten into comparisons. */
export const dateComparisonOperators = [
  'Before',
  'After',
  'AfterXHoursAgo',
  'BeforeXHoursAgo',
  'Future',
  'Past',
] as const;

/** The remaining operators. */
export const otherOperators = [
  'Present',
  'Blank',
  'Missing',
  'In',
  'NotIn',
  'StartsWith',
  'EndsWith',
  'Contains',
  'IStartsWith',
  'IEndsWith',
  'IContains',
  'Like',
  'ILike',
] as const;

/**
 * Every filter operator (44).
 *
 * @example
 * ```ts
 * allOperators.includes('Contains'); // true
 * ```
 */
export const allOperators = [
  ...uniqueOperators,
  ...intervalOperators,
  ...otherOperators,
  ...dateComparisonOperators,
] as const;

/** A filter operator. */
export type Operator = (typeof allOperators)[number];

/** An interval (relative date) operator. */
export type IntervalOperator = (typeof intervalOperators)[number];

const operatorSet: ReadonlySet<string> = new Set(allOperators);

/**
 * Tells whether a string is a known operator.
 *
 * @example
 * ```ts
 * isOperator('Equal'); // true
 * isOperator('equal'); // false (see `parseOperator` for the wire's snake case)
 * ```
 */
export function isOperator(value: unknown): value is Operator {
  return typeof value === 'string' && operatorSet.has(value);
}

const byLooseName: ReadonlyMap<string, Operator> = new Map(
  allOperators.map(operator => [operator.toLowerCase(), operator]),
);

/**
 * Reads an operator written in any casing: `NotEqual`, `not_equal`, `notEqual`, `NOT_EQUAL`.
 * Returns `undefined` for an unknown name.
 *
 * @example
 * ```ts
 * parseOperator('not_equal'); // 'NotEqual'
 * parseOperator('previous_x_days_to_date'); // 'PreviousXDaysToDate'
 * ```
 */
export function parseOperator(name: unknown): Operator | undefined {
  if (typeof name !== 'string') return undefined;

  return byLooseName.get(name.replace(/_/g, '').toLowerCase());
}

/**
 * Writes an operator the way the agent protocol does (snake case).
 *
 * @example
 * ```ts
 * toSnakeCaseOperator('PreviousXDaysToDate'); // 'previous_x_days_to_date'
 * ```
 */
export function toSnakeCaseOperator(operator: Operator): string {
  return operator
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}
