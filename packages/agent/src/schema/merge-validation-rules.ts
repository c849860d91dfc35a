import type { ColumnValidationRule, Operator } from '@grove/datasource-toolkit';

// The bound a rule sets: the tightest of several is the largest lower bound, the smallest upper one.
const lowerBounds = new Set<Operator>(['GreaterThan', 'GreaterThanOrEqual', 'After', 'LongerThan']);
const upperBounds = new Set<Operator>(['LessThan', 'LessThanOrEqual', 'Before', 'ShorterThan']);

/**
 * Merges the rules that share an operator into one, at the position of the first: the tightest
 * bound wins (numbers compared as numbers, dates as instants), `Match` expressions are combined
 * into one that requires them all (flags united, `g` and `y` dropped), and for other operators
 * (`Present`, `Contains`) the first rule is kept.
 *
 * @param rules - Rules whose operators the frontend knows.
 * @example
 * ```ts
 * mergeValidationRules([
 *   { operator: 'LongerThan', value: 2 },
 *   { operator: 'Present' },
 *   { operator: 'LongerThan', value: 5 },
 * ]); // [{ operator: 'LongerThan', value: 5 }, { operator: 'Present' }]
 * ```
 */
export function mergeValidationRules(
  rules: readonly ColumnValidationRule[],
): ColumnValidationRule[] {
  const byOperator = new Map<Operator, ColumnValidationRule[]>();
  for (const rule of rules) {
    byOperator.set(rule.operator, [...(byOperator.get(rule.operator) ?? []), rule]);
  }

  return [...byOperator.entries()].map(([operator, group]) => {
    const [first] = group as [ColumnValidationRule, ...ColumnValidationRule[]];
    if (group.length === 1) return first;
    if (operator === 'Match') return { operator, value: combineRegExps(group.map(r => r.value)) };
    if (lowerBounds.has(operator) || upperBounds.has(operator)) {
      const sign = lowerBounds.has(operator) ? 1 : -1;

      return group.reduce((best, rule) =>
        sign * compareBounds(rule.value, best.value) > 0 ? rule : best,
      );
    }

    return first;
  });
}

/** One expression matching what every expression matches (each may match anywhere). */
function combineRegExps(values: readonly unknown[]): RegExp {
  const regExps = values.map(value =>
    value instanceof RegExp ? value : new RegExp(String(value)),
  );
  const flags = new Set(regExps.flatMap(regExp => [...regExp.flags]));
  flags.delete('g');
  flags.delete('y');
  // `[\s\S]*?` lets each lookahead find its expression anywhere; a `^` inside still anchors at 0.
  const lookaheads = regExps.map(regExp => `(?=[\\s\\S]*?(?:${regExp.source}))`).join('');

  return new RegExp(`^${lookaheads}`, [...flags].sort().join(''));
}

function compareBounds(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [timeA, timeB] = [Date.parse(String(a)), Date.parse(String(b))];
  if (Number.isFinite(timeA) && Number.isFinite(timeB)) return timeA - timeB;

  return String(a).localeCompare(String(b));
}
