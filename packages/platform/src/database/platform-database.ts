import type { Sequelize } from 'sequelize';

import type { PlatformModels } from './models/platform-models';

/** An open, migrated platform database. */
export interface PlatformDatabase {
  /** The connection; use its `transaction()` to group changes with their admin log. */
  readonly sequelize: Sequelize;
  readonly models: PlatformModels;
  /** `sqlite` or `postgres`. */
  readonly dialect: 'sqlite' | 'postgres';
  /** Closes the connection pool. */
  close(): Promise<void>;
}
