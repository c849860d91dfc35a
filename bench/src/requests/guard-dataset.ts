import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize';
import type { DatasetSize } from '../dataset/dataset-size';
import { updatedIds } from './write-kinds';

/**
 * Saves what the write kinds change (the cities of {@link updatedIds}) and answers a `restore()`
 * that puts it back and deletes the created customers and orders (ids above the generated ones), so that
 * every run measures the same shop. Called before a run (it also cleans what an interrupted run
 * left) and restored after it.
 *
 * @example
 * ```ts
 * const guard = await guardDataset(db, size);
 * try { await measure(); } finally { await guard.restore(); }
 * ```
 */
export async function guardDataset(
  db: Sequelize,
  size: DatasetSize,
): Promise<{ restore(): Promise<void> }> {
  const { first, last } = updatedIds(size);
  const deleteCreated = async () => {
    // Orders first (a test may add some, to customers of the shop or created ones).
    await db.query('DELETE FROM orders WHERE id > :last', {
      type: QueryTypes.RAW,
      replacements: { last: size.orders },
    });
    await db.query('DELETE FROM customers WHERE id > :last', {
      type: QueryTypes.RAW,
      replacements: { last: size.customers },
    });
  };
  await deleteCreated();
  const saved = await db.query<{ id: number; city: string | null }>(
    'SELECT id, city FROM customers WHERE id BETWEEN :first AND :last',
    { type: QueryTypes.SELECT, replacements: { first, last } },
  );

  return {
    async restore() {
      await deleteCreated();
      await db.transaction(async transaction => {
        for (const row of saved) {
          await db.query('UPDATE customers SET city = :city WHERE id = :id', {
            type: QueryTypes.RAW,
            replacements: { id: row.id, city: row.city },
            transaction,
          });
        }
      });
    },
  };
}
