/**
 * The headers of a CSV export (docs/agent-protocol.md#csv-export): `Content-Type` `text/csv;
 * charset=utf-8` when the file name ends with `.csv` (any casing), else `application/octet-stream`;
 * a well-formed `Content-Disposition: attachment; filename="<name>"`
 * (docs/decisions.md#d1-dissociate-and-csv: the vendor wraps the whole header in the file name)
 * where quotes, backslashes, control and non-ASCII characters are replaced in the quoted name, the
 * exact name then following as RFC 5987 `filename*`; `Last-Modified`, `X-Accel-Buffering: no` (no
 * proxy buffering of the stream) and `Cache-Control: no-cache`.
 *
 * @param filename - The file name (see `parseCsvRequest`).
 * @param now - The `Last-Modified` instant (default: now).
 *
 * @example
 * ```ts
 * response.set(csvResponseHeaders('books.csv'));
 * // Content-Disposition: attachment; filename="books.csv"
 * ```
 */
export function csvResponseHeaders(
  filename: string,
  now: Date = new Date(),
): Record<string, string> {
  return {
    'Content-Type': /\.csv$/i.test(filename)
      ? 'text/csv; charset=utf-8'
      : 'application/octet-stream',
    'Content-Disposition': contentDisposition(filename),
    'Last-Modified': now.toUTCString(),
    'X-Accel-Buffering': 'no',
    'Cache-Control': 'no-cache',
  };
}

function contentDisposition(filename: string): string {
  const printable = [...filename].filter(char => !isControl(char)).join('');
  const fallback = [...printable]
    .map(char => (char === '"' || char === '\\' || !isAscii(char) ? '_' : char))
    .join('');
  const header = `attachment; filename="${fallback}"`;

  return fallback === printable ? header : `${header}; filename*=UTF-8''${rfc5987(printable)}`;
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;

  return code < 0x20 || code === 0x7f;
}

function isAscii(char: string): boolean {
  return (char.codePointAt(0) ?? 0) < 0x7f;
}

function rfc5987(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    char => `%${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}`,
  );
}
