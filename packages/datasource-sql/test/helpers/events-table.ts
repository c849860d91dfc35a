import type { SqlDialectName } from '../../src';
import type { ScratchDatabase } from './scratch-database';

/** Options of {@link createEventsTable}. */
export interface EventsTableOptions {
  /** Adds a row `(0, NULL)` (the column is then nullable). */
  readonly nullRow?: boolean;
}

/**
 * Creates `events (id INTEGER PRIMARY KEY, at <instant type>)` in a scratch database and stores
 * one row per instant (ids from 1), written as each dialect's driver writes instants: SQLite as
 * Sequelize's text (`YYYY-MM-DD HH:MM:SS.sss +00:00`), the others in UTC.
 *
 * @example
 * ```ts
 * await createEventsTable(scratch, 'postgres', [Date.UTC(2024, 0, 1)], { nullRow: true });
 * ```
 */
export async function createEventsTable(
  scratch: ScratchDatabase,
  dialect: SqlDialectName,
  instants: readonly number[],
  options: EventsTableOptions = {},
): Promise<void> {
  const type =
    dialect === 'postgres' ? 'TIMESTAMPTZ' : dialect === 'sqlite' ? 'DATETIME' : 'DATETIME(3)';
  const prefix = scratch.schema ? `SET search_path TO "${scratch.schema}"; ` : '';
  await scratch.sequelize.query(
    `${prefix}CREATE TABLE events (id INTEGER PRIMARY KEY, at ${type}${options.nullRow ? '' : ' NOT NULL'})`,
  );
  const iso = (ms: number) => new Date(ms).toISOString();
  const value = (ms: number) =>
    dialect === 'sqlite'
      ? `'${iso(ms).replace('T', ' ').replace('Z', ' +00:00')}'`
      : dialect === 'postgres'
        ? `'${iso(ms)}'`
        : `'${iso(ms).slice(0, 23).replace('T', ' ')}'`;
  const rows = instants.map((ms, i) => `(${i + 1}, ${value(ms)})`);
  if (options.nullRow) rows.push('(0, NULL)');
  for (let i = 0; i < rows.length; i += 1000) {
    const values = rows.slice(i, i + 1000).join(', ');
    await scratch.sequelize.query(`${prefix}INSERT INTO events (id, at) VALUES ${values}`);
  }
}
