import { ValidationError } from '@grove/datasource-toolkit';
import { parsePage } from '../query/parse-page';
import type { QueryParams } from '../query/query-params';
import { readQueryString } from '../query/read-query-string';

/** The file name of an export without `filename`. */
const defaultFilename = 'export.csv';

/**
 * Reads the CSV-specific parameters of an export (docs/agent-protocol.md#csv-export), to be called
 * before anything is streamed: `header`, the first line, split on commas and used verbatim (the
 * frontend sends the display labels; a JSON array of strings, as the vendor's test client sends, is
 * read as such); `filename` (default `export.csv`; its extension decides the Content-Type, see
 * `csvResponseHeaders`). `page[...]` is checked too: it must be valid although exports ignore it.
 *
 * @param query - The query string (`request.query`).
 * @throws ValidationError `Missing header` when absent or blank
 *   (docs/decisions.md#d1-dissociate-and-csv: a 400 before any byte, not a truncated stream);
 *   `Invalid header: …` when it is not one string (a repeated parameter); the pagination error of
 *   `parsePage`.
 *
 * @example
 * ```ts
 * parseCsvRequest({ header: 'Id,Title,Author', filename: 'books.csv' });
 * // { header: ['Id', 'Title', 'Author'], filename: 'books.csv' }
 * ```
 */
export function parseCsvRequest(query: QueryParams): { header: string[]; filename: string } {
  const header = query.header;
  if (header === undefined || header === null || (typeof header === 'string' && !header.trim())) {
    throw new ValidationError('Missing header');
  }
  if (typeof header !== 'string') {
    throw new ValidationError('Invalid header: expected one comma-separated list of column labels');
  }
  parsePage(query);

  const filename = readQueryString(query, 'filename');

  return {
    header: readLabels(header),
    filename: filename === undefined || filename.trim() === '' ? defaultFilename : filename,
  };
}

/**
 * The labels of the header. The frontend sends `Id,Title`; the vendor's test client sends the
 * JSON text of an array (`["title","price"]`), which is read as that array.
 */
function readLabels(header: string): string[] {
  if (header.startsWith('[')) {
    try {
      const labels: unknown = JSON.parse(header);
      if (Array.isArray(labels) && labels.every(label => typeof label === 'string')) return labels;
    } catch {
      // Not JSON: a label that starts with a bracket.
    }
  }

  return header.split(',');
}
