import { once } from 'node:events';

import type { LogCursor } from '@grove/public-api';
import { ValidationError } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';

/** The formats of a log export. */
export const LOG_EXPORT_FORMATS = ['csv', 'ndjson'] as const;

/** One format of a log export. */
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];

/**
 * The `format` query parameter of an export (`csv` | `ndjson`, required).
 *
 * @example
 * ```ts
 * const format = exportFormatOf(req);
 * ```
 */
export function exportFormatOf(req: Request): LogExportFormat {
  const format = req.query.format;
  if (!LOG_EXPORT_FORMATS.includes(format as LogExportFormat)) {
    throw new ValidationError(`format is one of: ${LOG_EXPORT_FORMATS.join(', ')}`);
  }

  return format as LogExportFormat;
}

/** Most rows one export writes (a narrower date range exports the rest). */
export const LOG_EXPORT_MAX_ROWS = 100_000;

/** Rows read per query while exporting. */
const BATCH = 500;

/** One column of a CSV export. */
export interface LogExportColumn<T> {
  readonly header: string;
  readonly value: (item: T) => unknown;
}

/** The options of {@link streamLogExport}. */
export interface LogExportOptions<T> {
  readonly format: LogExportFormat;
  /** The download's name without extension (`activity-logs`). */
  readonly filename: string;
  readonly columns: readonly LogExportColumn<T>[];
  /** The rows after `after` (all when undefined), at most `limit`, in the list's order. */
  readonly fetchPage: (after: LogCursor | undefined, limit: number) => Promise<readonly T[]>;
  readonly cursorOf: (item: T) => LogCursor;
}

/**
 * A CSV cell: objects as JSON; a text a spreadsheet would run as a formula (starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return) prefixed with `'` (CSV injection); quoted when it
 * holds a comma, a quote or a line break.
 *
 * @example
 * ```ts
 * csvCell('=HYPERLINK("x")'); // "'=HYPERLINK(""x"")"
 * ```
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;

  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes a chunk, waiting for the socket to drain (or close) when its buffer is full. */
async function write(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
}

/**
 * Streams a log export as CSV (a header line, one line per row) or NDJSON (one JSON object per
 * line), reading {@link BATCH} rows at a time by keyset, at most {@link LOG_EXPORT_MAX_ROWS}; it
 * stops when the client goes away. The first batch is read before the headers are sent, so that
 * a failing query still answers a proper error.
 *
 * @example
 * ```ts
 * await streamLogExport(res, { format: 'csv', filename: 'admin-logs', columns, fetchPage, cursorOf });
 * ```
 */
export async function streamLogExport<T>(
  res: Response,
  options: LogExportOptions<T>,
): Promise<void> {
  const { format, columns } = options;
  const line =
    format === 'csv'
      ? (item: T) => `${columns.map(column => csvCell(column.value(item))).join(',')}\r\n`
      : (item: T) => `${JSON.stringify(item)}\n`;
  let page = await options.fetchPage(undefined, Math.min(BATCH, LOG_EXPORT_MAX_ROWS));
  res.status(200);
  res.setHeader(
    'content-type',
    format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
  );
  res.setHeader('content-disposition', `attachment; filename="${options.filename}.${format}"`);
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  if (format === 'csv')
    await write(res, `${columns.map(column => csvCell(column.header)).join(',')}\r\n`);
  let written = 0;
  try {
    while (page.length > 0 && !res.destroyed) {
      await write(res, page.map(line).join(''));
      written += page.length;
      const left = LOG_EXPORT_MAX_ROWS - written;
      if (page.length < BATCH || left <= 0) break;
      page = await options.fetchPage(
        options.cursorOf(page[page.length - 1]!),
        Math.min(BATCH, left),
      );
    }
  } catch {
    // The headers are gone: cutting the connection is the only way to say the file is partial.
    res.destroy();

    return;
  }
  res.end();
}
