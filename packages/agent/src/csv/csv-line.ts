/** Characters that force a cell between double quotes (docs/agent-protocol.md#csv-export). */
const needsQuotes = /[",\r\n]/;

/**
 * Writes one CSV row (docs/agent-protocol.md#csv-export): comma-separated, `\n`-terminated; a cell
 * holding a comma, a double quote, CR or LF is double-quoted with its quotes doubled; `null` /
 * `undefined` are empty; objects and arrays are written as JSON, dates as ISO-8601, anything else
 * as its string.
 *
 * @param values - The cells of the row, in column order.
 * @returns The row, with its terminating `\n`.
 *
 * @example
 * ```ts
 * csvLine([9, 'Foundation, Book 1', null, { a: 1 }]); // '9,"Foundation, Book 1",,"{""a"":1}"\n'
 * ```
 */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) line += ',';
    line += csvCell(values[i]);
  }

  return `${line}\n`;
}

/**
 * One cell of a CSV row (see {@link csvLine}), without its separator.
 *
 * @example
 * ```ts
 * csvCell('Foundation, Book 1'); // '"Foundation, Book 1"'
 * ```
 */
export function csvCell(value: unknown): string {
  // Numbers and booleans never need quotes: the hot path of an export skips the regex.
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = cellText(value);

  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);

  return String(value);
}
