import { ValidationError } from '../errors/errors';
import { GroveError, isGroveError } from '../errors/grove-error';
import type { Collection } from '../interfaces/collection';
import type { ColumnSchema } from '../interfaces/schema';
import type { ConditionTree } from '../query/condition-tree/nodes/condition-tree';
import { ConditionTreeBranch } from '../query/condition-tree/nodes/condition-tree-branch';
import { ConditionTreeLeaf } from '../query/condition-tree/nodes/condition-tree-leaf';
import { isOperator } from '../query/condition-tree/operators';
import { getColumnSchema } from '../utils/schema-utils';
import {
  allowedOperatorsFor,
  allowedValueTypes,
  numericArgumentOperators,
} from './allowed-operators';
import { describeValue } from './describe-value';
import { acceptedValueTypes } from './type-getter';
import { validateField, validateValue } from './field-validator';

const numberArgument: ColumnSchema = { type: 'Column', columnType: 'Number' };

/**
 * Checks a condition tree against a collection: branches are `And`/`Or` of an array of trees;
 * each leaf names a column reachable through to-one relations, uses an operator the column lists
 * in `filterOperators` and its column type allows, and has a value of an allowed type (arrays
 * element by element; the six numeric-argument operators need a number). Every error is a
 * ValidationError whose message names the field and the operator. `null` (match all) is valid.
 *
 * Composite columns (spec open question 3, Grove decision): array types allow
 * Blank/Equal/Missing/NotEqual/Present/In/NotIn/IncludesAll/IncludesNone, object types
 * Blank/Equal/Missing/NotEqual/Present; their values are not type-checked.
 *
 * @example
 * ```ts
 * validateConditionTree(new ConditionTreeLeaf('price', 'GreaterThan', 10), books); // ok
 * validateConditionTree(new ConditionTreeLeaf('price', 'Contains', 'a'), books);
 * // throws: Invalid condition on field 'price' with operator 'Contains': The given operator
 * //   'Contains' is not allowed with the columnType schema: 'Number'.…
 * ```
 */
export function validateConditionTree(
  tree: ConditionTree | null | undefined,
  collection: Collection,
): void {
  if (tree === null || tree === undefined) return;
  if (tree instanceof ConditionTreeBranch) return validateBranch(tree, collection);
  if (tree instanceof ConditionTreeLeaf) return validateLeaf(tree, collection);

  throw new ValidationError(
    `Invalid condition tree: ${describeValue(tree)} (build it with ConditionTreeFactory.fromPlainObject)`,
  );
}

function validateBranch(branch: ConditionTreeBranch, collection: Collection): void {
  // Instances may come from casts of wire JSON: re-check what the types promise.
  const aggregator: unknown = branch.aggregator;
  const conditions: unknown = branch.conditions;
  if (aggregator !== 'And' && aggregator !== 'Or') {
    throw new ValidationError(
      `The given aggregator '${String(aggregator)}' is not supported. The supported values are: ['Or', 'And']`,
    );
  }
  if (!Array.isArray(conditions)) {
    throw new ValidationError(
      `The given conditions '${describeValue(conditions)}' were expected to be an array`,
    );
  }
  for (const condition of conditions as ConditionTree[])
    validateConditionTree(condition, collection);
}

function validateLeaf({ field, operator, value }: ConditionTreeLeaf, collection: Collection): void {
  const data = { field, operator };
  if (!isOperator(operator)) {
    throw new ValidationError(`Unknown operator '${String(operator)}' on field '${field}'.`, {
      data,
    });
  }

  const context = (error: unknown): unknown =>
    isGroveError(error)
      ? new GroveError(
          error.code,
          `Invalid condition on field '${field}' with operator '${operator}': ${error.message}`,
          { name: error.name, data: { ...error.data, condition: data }, cause: error },
        )
      : error;

  let schema: ColumnSchema;
  try {
    validateField(collection, field);
    schema = getColumnSchema(collection, field);
  } catch (error) {
    throw context(error);
  }

  const { filterOperators, columnType } = schema;
  if (!filterOperators?.has(operator)) {
    throw new ValidationError(
      `The given operator '${operator}' is not supported by the column: '${field}'.\n` +
        (filterOperators?.size
          ? `The allowed types are: [${[...filterOperators].join(',')}]`
          : 'the column is not filterable'),
      { data },
    );
  }

  const allowedOperators = allowedOperatorsFor(columnType);
  if (!allowedOperators.has(operator)) {
    throw context(
      new ValidationError(
        `The given operator '${operator}' is not allowed with the columnType schema: ` +
          `'${describeValue(columnType)}'.\nThe allowed types are: [${[...allowedOperators].join(',')}]`,
      ),
    );
  }

  // Composite columns: operators are checked above, values are not.
  if (typeof columnType !== 'string') return;

  // One check against what both the operator and the column accept, so that the message lists
  // exactly the acceptable types. Numeric-argument values (days, hours, length) are not column
  // values: they are read in a Number context and only need to be numbers.
  const numeric = numericArgumentOperators.has(operator);
  const accepted = acceptedValueTypes(columnType);
  const valueTypes = allowedValueTypes(operator).filter(type => numeric || accepted.includes(type));
  try {
    for (const item of Array.isArray(value) ? value : [value]) {
      validateValue(field, numeric ? numberArgument : schema, item, valueTypes);
    }
  } catch (error) {
    throw context(error);
  }
}
