import { DataTypes } from 'sequelize';
import type { ModelAttributeColumnOptions } from 'sequelize';

/** The columns of a table, by column name. */
export type Columns = Record<string, ModelAttributeColumnOptions>;

// Factories, not shared objects: Sequelize may write into the column objects it is given.

/** An auto-increment integer primary key. */
export const primaryKey = (): ModelAttributeColumnOptions => ({
  type: DataTypes.INTEGER,
  primaryKey: true,
  autoIncrement: true,
  allowNull: false,
});

/** A date-time column. */
export const date = (allowNull = false): ModelAttributeColumnOptions => ({
  type: DataTypes.DATE,
  allowNull,
});

/** `created_at` and `updated_at`. */
export const timestamps = (): Columns => ({ created_at: date(), updated_at: date() });

/** A bounded text column. */
export const text = (length: number, allowNull = false): ModelAttributeColumnOptions => ({
  type: DataTypes.STRING(length),
  allowNull,
});

/** A JSON column. */
export const json = (allowNull: boolean): ModelAttributeColumnOptions => ({
  type: DataTypes.JSON,
  allowNull,
});

/**
 * A foreign key; `onDelete` is chosen per column (what belongs to the row goes with it, audit
 * trails keep theirs with SET NULL).
 *
 * @example
 * ```ts
 * { environment_id: reference('environments', 'CASCADE') }
 * ```
 */
export const reference = (
  table: string,
  onDelete: 'CASCADE' | 'SET NULL',
  allowNull = onDelete === 'SET NULL',
): ModelAttributeColumnOptions => ({
  type: DataTypes.INTEGER,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});
