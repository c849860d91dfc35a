/**
 * Turns a SQL LIKE pattern (`%` any run, `_` one character) into an anchored regular expression.
 *
 * @example
 * ```ts
 * likeToRegExp('Dun%', false).test('Dune'); // true
 * likeToRegExp('d_ne', true).test('DUNE'); // true
 * ```
 */
export function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const source = pattern
    .replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&')
    .replace(/%/g, '.*')
    .replace(/_/g, '.');

  return new RegExp(`^${source}$`, caseInsensitive ? 'is' : 's');
}
