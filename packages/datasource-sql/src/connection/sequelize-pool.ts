import type { QueryTypes, Sequelize, Transaction } from 'sequelize';
import type { Logger } from '@grove/datasource-toolkit';

import { LOST_READ_ATTEMPTS, isLostSequelizeConnection } from './driver-pool';
import type { DriverPool, DriverTransaction, StatementIntent } from './driver-pool';
import { readServerVersion } from './server-version';

type Row = Record<string, unknown>;

/** A {@link DriverPool} that also hands out its Sequelize instance (`nativeDriver`). */
export interface SequelizePool extends DriverPool {
  readonly sequelize: Sequelize;
}

/**
 * The pool of MySQL and MariaDB: Sequelize's own, behind the same {@link DriverPool} as the
 * PostgreSQL and SQLite ones. Reads and `returning` writes answer their rows; a plain write
 * answers the driver's result (with its insert id) as its one row. A read outside a transaction
 * whose connection was lost runs again on another, up to {@link LOST_READ_ATTEMPTS} times
 * (docs/decisions.md#d27-lost-database-connections). Sequelize logs its own statements.
 *
 * @example
 * ```ts
 * const pool = createSequelizePool(new Sequelize(options), logger);
 * const [{ one }] = await pool.query('SELECT 1 AS one', [], 'read');
 * ```
 */
export function createSequelizePool(sequelize: Sequelize, logger?: Logger): SequelizePool {
  const statement = async (
    sql: string,
    bind: readonly unknown[],
    intent: StatementIntent,
    transaction: Transaction | undefined,
  ): Promise<Row[]> => {
    if (intent !== 'write') {
      return await sequelize.query<Row>(sql, {
        type: 'SELECT' as QueryTypes.SELECT,
        bind: [...bind],
        transaction,
      });
    }
    // Sequelize types a raw answer as rows; for a write it is the driver's result object.
    const [result]: [unknown, unknown] = await sequelize.query(sql, {
      type: 'RAW' as QueryTypes.RAW,
      bind: [...bind],
      transaction,
    });

    return [result as Row];
  };

  return {
    sequelize,

    async query(sql, bind, intent) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await statement(sql, bind, intent, undefined);
        } catch (error) {
          const again = intent === 'read' && attempt < LOST_READ_ATTEMPTS;
          if (!again || !isLostSequelizeConnection(error)) throw error;
        }
      }
    },

    transaction(_immediate, work) {
      return sequelize.transaction({}, transaction => {
        const driverTransaction: DriverTransaction = {
          query: (sql, bind, intent) => statement(sql, bind, intent, transaction),
        };

        return work(driverTransaction);
      });
    },

    version: () => readServerVersion(sequelize),

    close: () => sequelize.close(),

    log(sql) {
      logger?.('Debug', sql);
    },
  };
}
