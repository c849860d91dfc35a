import type { Transaction } from 'sequelize';
import { demoDialects } from './demo-dialects';
import type { DemoRecord } from './demo-rows';
import { demoSchema, type DemoTableName } from './demo-schema';
import type { DemoConnection } from './open-demo-connection';

/**
 * Rows per INSERT: a few hundred rows of at most 9 columns stay far below every driver's limit
 * on bound parameters (SQLite 32 766, PostgreSQL and MySQL 65 535).
 */
const batchSize = 250;

/**
 * Inserts rows into a demo table in multi-row INSERTs with bound parameters, inside the given
 * transaction; values are converted per dialect (booleans, JSON, instants).
 *
 * @param connection - The demo database.
 * @param table - The table; every row holds a value for each of its columns.
 * @param rows - The rows, with explicit ids.
 * @param transaction - The transaction of the table's seeding.
 * @example
 * ```ts
 * await sequelize.transaction(t => insertRows(connection, 'companies', rows.companies, t));
 * ```
 */
export async function insertRows(
  connection: DemoConnection,
  table: DemoTableName,
  rows: readonly DemoRecord[],
  transaction: Transaction,
): Promise<void> {
  const spec = demoDialects[connection.dialect];
  const columns = demoSchema[table];
  const columnList = columns.map(column => spec.quote(column.name)).join(', ');
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const bind: unknown[] = [];
    const tuples = batch.map(row => {
      const placeholders = columns.map(column => {
        bind.push(spec.toSqlValue(column.kind, row[column.name] ?? null));

        return `$${bind.length}`;
      });

      return `(${placeholders.join(', ')})`;
    });
    await connection.sequelize.query(
      `INSERT INTO ${spec.quote(table)} (${columnList}) VALUES ${tuples.join(', ')}`,
      { bind, transaction },
    );
  }
}
