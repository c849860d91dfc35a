/** Escapes every regex metacharacter; `_` (one character) becomes `.` (the `s` flag is on). */
function segmentSource(segment: string): string {
  return segment.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&').replace(/_/g, '.');
}

/**
 * Turns a SQL LIKE pattern (`%` any run, `_` one character) into an anchored regular expression,
 * for sources that filter with `Match` but not `Like`.
 *
 * The regex cannot backtrack exponentially on patterns such as `%a%a%a%a%b`: each middle piece
 * between two `%` is found at its leftmost place inside a lookahead, which a JavaScript engine
 * never re-enters (an atomic group), then consumed with a back-reference; only the last `%`
 * backtracks, so a test costs at most O(text × pattern), as {@link matchLike} does.
 *
 * @example
 * ```ts
 * likeToRegExp('Dun%', false).test('Dune'); // true
 * likeToRegExp('d_ne', true).test('DUNE'); // true
 * likeToRegExp('a%b%c', false); // /^a(?=(.*?b))\1.*c$/s
 * ```
 */
export function likeToRegExp(pattern: string, caseInsensitive: boolean): RegExp {
  const segments = pattern.split('%');
  const flags = caseInsensitive ? 'is' : 's';
  if (segments.length === 1) return new RegExp(`^${segmentSource(pattern)}$`, flags);

  const first = segmentSource(segments[0] as string);
  const last = segmentSource(segments[segments.length - 1] as string);
  let group = 0;
  const middle = segments
    .slice(1, -1)
    .filter(segment => segment !== '')
    .map(segment => {
      group += 1;

      return `(?=(.*?${segmentSource(segment)}))\\${group}`;
    })
    .join('');

  return new RegExp(`^${first}${middle}.*${last}$`, flags);
}
