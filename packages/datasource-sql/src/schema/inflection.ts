/**
 * English plural of a table-like name (`category` → `categories`, `box` → `boxes`); a name that
 * already looks plural is kept. Only the last word changes, so `bookTag` → `bookTags`.
 *
 * @example
 * ```ts
 * plural('author'); // 'authors'
 * ```
 */
export function plural(word: string): string {
  if (/[^s]s$/i.test(word) || /people$/i.test(word)) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/person$/i.test(word)) return `${word.slice(0, -6)}${word.slice(-6, -5)}eople`;

  return `${word}s`;
}

/**
 * English singular of a name (`categories` → `category`, `profiles` → `profile`).
 *
 * @example
 * ```ts
 * singular('bookTags'); // 'bookTag'
 * ```
 */
export function singular(word: string): string {
  if (/people$/i.test(word)) return `${word.slice(0, -6)}${word.slice(-6, -5)}erson`;
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);

  return word;
}
