const indentUnit = '  ';
// A string literal (kept as is) or a separator of compact JSON (followed by a space).
const literalOrSeparator = /("(?:[^\\"]|\\.)*")|[:,]/g;

/**
 * Writes JSON with 2-space indentation, keeping on one line every object or array that fits in
 * `maxLength` characters with its indentation, key and trailing comma (one-line forms have a
 * space after each `:` and `,`). Undefined values, functions and symbols are left out as in
 * `JSON.stringify` (`null` in arrays); a top-level `undefined` gives `'null'`.
 *
 * @param value - The value to write.
 * @param maxLength - The longest line a compact object or array may make. Default 100.
 * @example
 * ```ts
 * prettyCompactJson({ name: 'books', tags: ['a', 'b'] });
 * // '{"name": "books", "tags": ["a", "b"]}'
 * prettyCompactJson({ name: 'books', tags: ['a', 'b'] }, 20);
 * // '{\n  "name": "books",\n  "tags": ["a", "b"]\n}'
 * ```
 */
export function prettyCompactJson(value: unknown, maxLength = 100): string {
  return print(value, '', 0, maxLength) ?? 'null';
}

/** `reserved` counts what follows the value on its line (key before, comma after). */
function print(
  value: unknown,
  indent: string,
  reserved: number,
  maxLength: number,
): string | undefined {
  const json = withToJson(value);
  const compact = JSON.stringify(json);
  if (compact === undefined) return undefined;

  const available = maxLength - indent.length - reserved;
  // The spaced form is never shorter than the compact one: check the cheap one first.
  if (compact.length <= available) {
    const spaced = compact.replace(literalOrSeparator, (match, literal?: string) =>
      literal === undefined ? `${match} ` : literal,
    );
    if (spaced.length <= available) return spaced;
  }
  if (typeof json !== 'object' || json === null) return compact;

  const inner = indent + indentUnit;
  const items: string[] = [];
  if (Array.isArray(json)) {
    json.forEach((item: unknown, index) => {
      const last = index === json.length - 1;
      items.push(print(item, inner, last ? 0 : 1, maxLength) ?? 'null');
    });
  } else {
    const entries = Object.entries(json as Record<string, unknown>);
    entries.forEach(([key, item], index) => {
      const keyPart = `${JSON.stringify(key)}: `;
      const last = index === entries.length - 1;
      const printed = print(item, inner, keyPart.length + (last ? 0 : 1), maxLength);
      if (printed !== undefined) items.push(keyPart + printed);
    });
  }
  if (items.length === 0) return compact;
  const [open, close] = Array.isArray(json) ? ['[', ']'] : ['{', '}'];

  return `${open}\n${inner}${items.join(`,\n${inner}`)}\n${indent}${close}`;
}

function withToJson(value: unknown): unknown {
  const candidate = value as { toJSON?: unknown } | null | undefined;

  return typeof candidate?.toJSON === 'function' ? (candidate.toJSON as () => unknown)() : value;
}
