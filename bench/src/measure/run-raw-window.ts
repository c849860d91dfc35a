import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize';
import type { KindContext, RequestKind } from '../requests/request-kind';

/** Options of {@link runRawWindow}. */
export interface RunRawWindowOptions {
  readonly db: Sequelize;
  readonly kind: RequestKind;
  readonly context: KindContext;
  readonly workers: number;
  readonly durationSeconds: number;
}

/**
 * Runs a kind's equivalent SQL for a window with `workers` concurrent loops through the runner's
 * own Sequelize (the database's ceiling), and answers its queries/s; undefined without raw SQL.
 *
 * @example
 * ```ts
 * await runRawWindow({ db, kind: countKind, context, workers: 10, durationSeconds: 8 }); // 1843.5
 * ```
 */
export async function runRawWindow(options: RunRawWindowOptions): Promise<number | undefined> {
  const { db, kind, context } = options;
  if (!kind.raw) return undefined;
  const raw = kind.raw.bind(kind);
  const deadline = Date.now() + options.durationSeconds * 1000;
  const started = process.hrtime.bigint();
  let n = 0;
  let done = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const query = raw(n, context);
      n += 1;
      await db.query(query.sql, {
        type: /^\s*SELECT/i.test(query.sql) ? QueryTypes.SELECT : QueryTypes.RAW,
        replacements: query.replacements,
      });
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));

  return done / (Number(process.hrtime.bigint() - started) / 1e9);
}

/**
 * The raw SQL's part of a table row: the mean queries/s of its windows and each window's figure
 * (the spread shown beside the mean, like the agents'); nothing when the kind has no raw SQL.
 *
 * @example
 * ```ts
 * summarizeRawWindows([300, 400]); // { rawQps: 350, rawWindows: [300, 400] }
 * summarizeRawWindows([]); // {}
 * ```
 */
export function summarizeRawWindows(windows: readonly number[]): {
  rawQps?: number;
  rawWindows?: readonly number[];
} {
  if (windows.length === 0) return {};

  return { rawQps: windows.reduce((a, b) => a + b, 0) / windows.length, rawWindows: windows };
}
