import {
  allowedOperatorsFor,
  isOperator,
  noValueOperators,
  numericArgumentOperators,
  ValidationError,
  type ColumnSchema,
  type ColumnValidationRule,
  type Operator,
} from '@grove/datasource-toolkit';

const comparisons: readonly Operator[] = [
  'LessThan',
  'GreaterThan',
  'LessThanOrEqual',
  'GreaterThanOrEqual',
];

/**
 * The operators a validation rule may use on a column: those its type can be filtered with,
 * `Match` (validation-only, matched on strings), and comparisons on dates and times.
 *
 * @example
 * ```ts
 * validationOperatorsFor({ type: 'Column', columnType: 'String' }).has('LongerThan'); // true
 * ```
 */
export function validationOperatorsFor(column: ColumnSchema): ReadonlySet<Operator> {
  const operators = new Set<Operator>(allowedOperatorsFor(column.columnType));
  operators.add('Match');
  if (['Date', 'Dateonly', 'Time', 'Timeonly'].includes(column.columnType as string)) {
    comparisons.forEach(operator => operators.add(operator));
  }

  return operators;
}

/**
 * Checks a validation rule when it is registered, so that a rule the in-memory matcher could
 * never satisfy fails at build time, naming the collection and the field.
 *
 * @example
 * ```ts
 * checkValidationRule('books', 'title', titleSchema, { operator: 'LongerThan', value: 2 }); // ok
 * checkValidationRule('books', 'title', titleSchema, { operator: 'LongerThan', value: 'x' });
 * // throws: The 'LongerThan' validation rule of 'books.title' expects a number value, got "x"
 * ```
 */
export function checkValidationRule(
  collectionName: string,
  name: string,
  column: ColumnSchema,
  rule: ColumnValidationRule,
): void {
  const where = `'${collectionName}.${name}'`;
  const operator: unknown = rule?.operator;
  if (typeof operator !== 'string' || !isOperator(operator)) {
    throw new ValidationError(`Unknown validation operator '${String(operator)}' on ${where}`);
  }

  const allowed = validationOperatorsFor(column);
  if (!allowed.has(operator)) {
    throw new ValidationError(
      `The '${operator}' validation rule cannot be used on ${where} ` +
        `(${JSON.stringify(column.columnType)} column). Allowed operators: [${[...allowed].join(', ')}]`,
    );
  }

  const { value } = rule;
  if (noValueOperators.has(operator) && value !== undefined && value !== null) {
    throw new ValidationError(`The '${operator}' validation rule of ${where} takes no value`);
  }
  if (!noValueOperators.has(operator) && (value === undefined || value === null)) {
    throw new ValidationError(`The '${operator}' validation rule of ${where} needs a value`);
  }
  if (numericArgumentOperators.has(operator) && typeof value !== 'number') {
    throw new ValidationError(
      `The '${operator}' validation rule of ${where} expects a number value, got ${JSON.stringify(value)}`,
    );
  }
  if (operator === 'Match' && typeof value !== 'string' && !(value instanceof RegExp)) {
    throw new ValidationError(
      `The 'Match' validation rule of ${where} expects a regular expression, got ${JSON.stringify(value)}`,
    );
  }
}
