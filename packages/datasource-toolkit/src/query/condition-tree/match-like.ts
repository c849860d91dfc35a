/**
 * Folds one UTF-16 code unit as a JavaScript regular expression with the `i` flag (and without
 * `u`) does: its upper case when that is one code unit, unless that would map a non-ASCII unit
 * to an ASCII one (`ſ` stays `ſ`). Matching with this fold keeps the results of the former
 * regex-based LIKE.
 */
function fold(unit: string): string {
  const upper = unit.toUpperCase();
  if (upper.length !== 1) return unit;

  return unit.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128 ? unit : upper;
}

function foldAll(text: string): string {
  let folded = '';
  for (let index = 0; index < text.length; index += 1) folded += fold(text[index] as string);

  return folded;
}

/**
 * Tells whether a text matches a SQL LIKE pattern: `%` matches any run of characters, `_` one
 * UTF-16 code unit, anything else itself (there is no escape character, as in the rewrites that
 * build LIKE patterns). The whole text must match.
 *
 * Runs the greedy two-pointer wildcard algorithm, without regular expressions: at most
 * O(text × pattern) steps and O(1) extra memory whatever the pattern, where a backtracking regex
 * (`^.*a.*a.*a.*b$`) takes exponential time on client-supplied patterns. On a mismatch it only
 * moves the last `%` one character further: an earlier `%` never needs to give back text,
 * because any later match of the remaining pattern also fits after the earlier one.
 *
 * @param pattern - The LIKE pattern.
 * @param text - The text tested.
 * @param caseInsensitive - ILIKE: compares code units as a regex with the `i` flag does.
 * @returns Whether the whole text matches.
 *
 * @example
 * ```ts
 * matchLike('Dun%', 'Dune', false); // true
 * matchLike('d_ne', 'DUNE', true); // true
 * matchLike('%a%a%a%a%b', 'a'.repeat(10_000), false); // false, in O(text × pattern) steps
 * ```
 */
export function matchLike(pattern: string, text: string, caseInsensitive: boolean): boolean {
  const p = caseInsensitive ? foldAll(pattern) : pattern;
  const t = caseInsensitive ? foldAll(text) : text;
  let pi = 0;
  let ti = 0;
  // Position in the pattern just after the last `%` seen, and the text position it resumes at.
  let star = -1;
  let resume = 0;

  while (ti < t.length) {
    const char = p[pi];
    if (char === '%') {
      pi += 1;
      star = pi;
      resume = ti;
    } else if (char !== undefined && (char === '_' || char === t[ti])) {
      pi += 1;
      ti += 1;
    } else if (star !== -1) {
      // Let the last `%` absorb one more character and retry the rest of the pattern.
      resume += 1;
      ti = resume;
      pi = star;
    } else {
      return false;
    }
  }
  while (p[pi] === '%') pi += 1;

  return pi === p.length;
}
