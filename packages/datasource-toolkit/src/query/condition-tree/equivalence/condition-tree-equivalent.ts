import { GroveError, isGroveError } from '../../../errors/grove-error';
import type { ColumnType } from '../../../interfaces/schema';
import type { ConditionTree } from '../nodes/condition-tree';
import type { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import { allOperators, type Operator } from '../operators';
import type { Alternative, AlternativeTable, RewriteContext } from './alternative';
import { baseAlternatives } from './base-alternatives';
import { comparisonAlternatives } from './comparison-alternatives';
import { intervalAlternatives } from './interval-alternatives';
import { patternAlternatives } from './pattern-alternatives';
import { timeAlternatives } from './time-alternatives';

const alternatives: AlternativeTable = {
  ...baseAlternatives,
  ...comparisonAlternatives,
  ...patternAlternatives,
  ...timeAlternatives,
  ...intervalAlternatives,
};

/** How to rewrite a leaf of one operator into the supported operators. */
type Plan = (leaf: ConditionTreeLeaf, context: RewriteContext) => ConditionTree;

const keep: Plan = leaf => leaf;

function appliesTo(alternative: Alternative, columnType: ColumnType): boolean {
  return (
    !alternative.forTypes ||
    (typeof columnType === 'string' && alternative.forTypes.includes(columnType))
  );
}

/**
 * Finds how to express `operator`: as is when supported, else through the first alternative whose
 * dependencies are all expressible. `path` holds the alternatives already used on the way here, so
 * that none is used twice (Equal → In → Equal… would never end).
 */
function findPlan(
  operator: Operator,
  operators: ReadonlySet<Operator>,
  columnType: ColumnType,
  path: ReadonlySet<Alternative>,
): Plan | null {
  if (operators.has(operator)) return keep;

  for (const alternative of alternatives[operator] ?? []) {
    if (path.has(alternative) || !appliesTo(alternative, columnType)) continue;
    const subPath = new Set(path).add(alternative);
    const plans = new Map<Operator, Plan>();
    const expressible = alternative.dependsOn.every(dependency => {
      const plan = findPlan(dependency, operators, columnType, subPath);
      if (plan) plans.set(dependency, plan);

      return plan !== null;
    });

    if (expressible) {
      // Each produced leaf is rewritten by the plan found for its own operator on this path.
      return (leaf, context) =>
        alternative.replacer(leaf, context).replaceLeafs(produced => {
          const plan = plans.get(produced.operator);
          if (!plan) {
            throw new GroveError(
              'InternalServerError',
              `Rewrite of '${operator}' produced undeclared '${produced.operator}'.`,
            );
          }

          return plan(produced, context);
        });
    }
  }

  return null;
}

/**
 * Rewrites a leaf with the operators a column supports. The leaf is returned unchanged when its
 * operator is supported; `null` means it cannot be expressed. Relative dates are computed with
 * "now" (default: the current instant) in the caller's IANA timezone.
 *
 * @param leaf - The condition to express.
 * @param operators - The operators the column supports.
 * @param columnType - The column type (some rewrites only exist for String or dates).
 * @param timezone - The caller's IANA timezone; an unknown one raises a ValidationError.
 * @param now - The instant relative dates are computed from.
 * @example
 * ```ts
 * const leaf = new ConditionTreeLeaf('createdAt', 'Today');
 * getEquivalentTree(leaf, new Set(['Equal', 'LessThan', 'GreaterThan']), 'Date', 'Europe/Paris');
 * // And(Or(createdAt GreaterThan '…T23:00:00Z', createdAt Equal '…T23:00:00Z'), createdAt LessThan …)
 * ```
 */
export function getEquivalentTree(
  leaf: ConditionTreeLeaf,
  operators: ReadonlySet<Operator>,
  columnType: ColumnType,
  timezone: string,
  now: Date = new Date(),
): ConditionTree | null {
  const plan = cachedPlan(leaf.operator, operators, columnType);
  if (!plan) return null;

  try {
    return plan(leaf, { timezone, now, columnType });
  } catch (error) {
    // Name the condition: "Invalid timezone" alone does not say which filter carried it.
    if (!isGroveError(error) || error.message.includes(`'${leaf.field}'`)) throw error;
    throw new GroveError(
      error.code,
      `Invalid condition on field '${leaf.field}' with operator '${leaf.operator}': ${error.message}`,
      {
        name: error.name,
        data: { ...error.data, field: leaf.field, operator: leaf.operator },
        cause: error,
      },
    );
  }
}

/**
 * Plans depend only on the operator, the supported set and the column type: they are computed
 * once per combination (a list request rewrites many leaves with the same few combinations).
 */
const plans = new Map<string, Plan | null>();

function cachedPlan(
  operator: Operator,
  operators: ReadonlySet<Operator>,
  columnType: ColumnType,
): Plan | null {
  const key = `${operator}|${typeof columnType === 'string' ? columnType : JSON.stringify(columnType)}|${[...operators].sort().join(',')}`;
  if (!plans.has(key)) {
    if (plans.size > 10_000) plans.clear();
    plans.set(key, findPlan(operator, operators, columnType, new Set()));
  }

  return plans.get(key) ?? null;
}

/**
 * Tells whether an operator can be expressed with a set of supported operators on a column type.
 *
 * @example
 * ```ts
 * hasEquivalentTree(new Set(['Like']), 'StartsWith', 'String'); // true
 * hasEquivalentTree(new Set(['Like']), 'StartsWith', 'Number'); // false
 * ```
 */
export function hasEquivalentTree(
  operators: ReadonlySet<Operator>,
  operator: Operator,
  columnType: ColumnType,
): boolean {
  return cachedPlan(operator, operators, columnType) !== null;
}

/**
 * Lists every operator expressible with a set of supported operators on a column type (the
 * supported ones included), in the order of `allOperators`.
 *
 * @example
 * ```ts
 * getEquivalentOperators(new Set(['Equal', 'In', 'Like']), 'String');
 * // Set { 'Equal', 'Blank', 'Missing', 'In', 'StartsWith', 'EndsWith', 'Contains', 'Like' }
 * ```
 */
export function getEquivalentOperators(
  operators: ReadonlySet<Operator>,
  columnType: ColumnType,
): Set<Operator> {
  return new Set(
    allOperators.filter(operator => hasEquivalentTree(operators, operator, columnType)),
  );
}
