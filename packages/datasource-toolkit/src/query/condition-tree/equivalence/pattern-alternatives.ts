import { likeToRegExp } from '../like-to-regexp';
import type { Operator } from '../operators';
import type { Alternative, AlternativeTable } from './alternative';

// The value is inserted in the LIKE pattern as is: a `%` or `_` in it acts as a wildcard, as it
// does in the vendor's rewrite (LIKE has no portable escape character across databases).
function toLike(operator: 'Like' | 'ILike', prefix: string, suffix: string): Alternative {
  return {
    dependsOn: [operator],
    forTypes: ['String'],
    replacer: leaf => leaf.override({ operator, value: `${prefix}${String(leaf.value)}${suffix}` }),
  };
}

function toMatch(caseInsensitive: boolean): Alternative {
  return {
    dependsOn: ['Match'],
    forTypes: ['String'],
    replacer: leaf =>
      leaf.override({
        operator: 'Match',
        value: likeToRegExp(String(leaf.value), caseInsensitive),
      }),
  };
}

const table: Partial<Record<Operator, Alternative[]>> = {
  Contains: [toLike('Like', '%', '%')],
  StartsWith: [toLike('Like', '', '%')],
  EndsWith: [toLike('Like', '%', '')],
  IContains: [toLike('ILike', '%', '%')],
  IStartsWith: [toLike('ILike', '', '%')],
  IEndsWith: [toLike('ILike', '%', '')],
  Like: [toMatch(false)],
  ILike: [toMatch(true)],
};

/**
 * String patterns: Contains / StartsWith / EndsWith as `Like`, their case-insensitive variants as
 * `ILike`, and both LIKE operators as an anchored `Match` regex (`%` → `.*`, `_` → `.`).
 *
 * @example
 * ```ts
 * // title StartsWith 'Dune' → title Like 'Dune%' → title Match /^Dune.*$/s
 * ```
 */
export const patternAlternatives: AlternativeTable = table;
