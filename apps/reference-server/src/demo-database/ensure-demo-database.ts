import { QueryTypes } from 'sequelize';
import { createTableStatements } from './create-table-statements';
import { demoDialects } from './demo-dialects';
import type { DemoRows } from './demo-rows';
import { demoTableNames, type DemoTableName } from './demo-schema';
import { generateDemoRows } from './generate-demo-rows';
import { insertRows } from './insert-rows';
import { openDemoConnection, type DemoConnection } from './open-demo-connection';

/** Options of {@link ensureDemoDatabase}. */
export interface EnsureDemoDatabaseOptions {
  /** Receives one line per step (tables created, rows seeded). */
  readonly logger?: (message: string) => void;
}

/** What {@link ensureDemoDatabase} did, and the rows each table now holds. */
export interface EnsureDemoDatabaseResult {
  /** True when this call created a table or seeded rows; false on a ready database. */
  readonly created: boolean;
  readonly counts: Readonly<Record<DemoTableName, number>>;
}

async function countRows(connection: DemoConnection, table: DemoTableName): Promise<number> {
  const [row] = await connection.sequelize.query<{ count: number | string }>(
    `SELECT COUNT(*) AS count FROM ${demoDialects[connection.dialect].quote(table)}`,
    { type: QueryTypes.SELECT },
  );

  return Number(row?.count ?? 0);
}

/**
 * Makes a database hold the demo shop: creates the tables that are absent, then seeds each
 * empty table with its deterministic rows (in foreign-key order, one transaction per table,
 * bulk INSERTs with bound parameters). A database already seeded is left untouched, so it is
 * safe to call at every start; a seeding interrupted between tables resumes where it stopped,
 * since the rows and their ids never change.
 *
 * @param url - `sqlite:<path>` (file and directory created when missing), `postgres://…`
 * (`?schema=` created when missing), `mysql://…` or `mariadb://…` (the database must exist).
 * @param options - A logger for progress lines.
 * @returns Whether anything was written, and the row count of every demo table.
 * @example
 * ```ts
 * const { created, counts } = await ensureDemoDatabase('sqlite:./data/demo.sqlite', {
 *   logger: console.log,
 * });
 * // first start: created === true, counts.orders === 3000; later starts: created === false
 * ```
 */
export async function ensureDemoDatabase(
  url: string,
  options: EnsureDemoDatabaseOptions = {},
): Promise<EnsureDemoDatabaseResult> {
  const log = options.logger ?? (() => undefined);
  const connection = await openDemoConnection(url);
  const { sequelize, dialect } = connection;
  const spec = demoDialects[dialect];
  try {
    const existing = new Set(
      (
        await sequelize.query<{ name: string }>(spec.listTablesSql, { type: QueryTypes.SELECT })
      ).map(row => row.name),
    );
    const missing = demoTableNames.filter(table => !existing.has(table));
    // Referenced tables come first in demoTableNames, so foreign keys always find their target.
    for (const table of missing) {
      for (const statement of createTableStatements(dialect, table))
        await sequelize.query(statement);
    }
    if (missing.length)
      log(`Created the demo tables ${missing.join(', ')} in ${connection.debugUrl}`);

    let rows: DemoRows | undefined;
    let seeded = false;
    const counts = {} as Record<DemoTableName, number>;
    for (const table of demoTableNames) {
      counts[table] = await countRows(connection, table);
      if (counts[table] > 0) continue;
      rows ??= generateDemoRows();
      const tableRows = rows[table];
      const started = performance.now();
      await sequelize.transaction(async transaction => {
        await insertRows(connection, table, tableRows, transaction);
        const statement = spec.afterSeed(table);
        if (statement) await sequelize.query(statement, { transaction });
      });
      counts[table] = tableRows.length;
      seeded = true;
      log(`Seeded ${tableRows.length} ${table} in ${Math.round(performance.now() - started)} ms`);
    }

    return { created: missing.length > 0 || seeded, counts };
  } finally {
    await sequelize.close();
  }
}
