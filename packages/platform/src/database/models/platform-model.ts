import type { Model, ModelStatic, Optional } from 'sequelize';

/** Columns every platform row has, filled by the database or Sequelize. */
export interface RowBase {
  id: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A model of one platform table: its rows have the attributes `A`; `id` and timestamps, plus the
 * keys `D` that have defaults, may be left out at creation. Models are defined per database (not
 * global classes) so that several databases can be open in one process. Instances expose the
 * attributes as properties (`project.id`).
 */
export type PlatformModel<A extends RowBase, D extends keyof A = never> = ModelStatic<
  Model<A, Optional<A, keyof RowBase | D>> & A
>;
