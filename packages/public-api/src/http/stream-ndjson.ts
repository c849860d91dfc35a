import { once } from 'node:events';

import type { Response } from 'express';

/** Rows pulled from the store per page of an export. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Streams every row of a list as NDJSON (one JSON object per line), pulling pages of
 * {@link EXPORT_PAGE_SIZE} rows through `nextPage(after)` until a short page. Honours
 * backpressure (waits for `drain`) and stops as soon as the client goes away.
 *
 * @example
 * ```ts
 * await streamNdjson(res, after => store.listAdminLogs({ ...query, after }), row => row);
 * ```
 */
export async function streamNdjson<T, P>(
  res: Response,
  nextPage: (after: P | undefined) => Promise<readonly T[]>,
  positionOf: (row: T) => P,
  start: P | undefined,
): Promise<void> {
  let gone = false;
  const onClose = () => {
    gone = true;
  };
  res.on('close', onClose);
  try {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.flushHeaders();
    let after = start;
    for (;;) {
      const rows = await nextPage(after);
      for (const row of rows) {
        if (gone) return;
        if (!res.write(`${JSON.stringify(row)}\n`)) {
          await Promise.race([once(res, 'drain'), once(res, 'close')]);
        }
      }
      const last = rows[rows.length - 1];
      if (gone || rows.length < EXPORT_PAGE_SIZE || last === undefined) break;
      after = positionOf(last);
    }
    if (!gone) res.end();
  } finally {
    res.off('close', onClose);
  }
}
