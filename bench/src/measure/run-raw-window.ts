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
