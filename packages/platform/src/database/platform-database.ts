import type { Sequelize } from 'sequelize';

import type { EnvSecretBox } from '../auth/env-secret-box';
import type { PlatformModels } from './models/platform-models';

/** An open, migrated platform database. */
export interface PlatformDatabase {
  /** The connection; use its `transaction()` to group changes with their admin log. */
  readonly sequelize: Sequelize;
  readonly models: PlatformModels;
  /** Encrypts env secrets for `environments.secret_ciphertext` and opens them to sign approvals. */
  readonly envSecrets: EnvSecretBox;
  /** `sqlite` or `postgres`. */
  readonly dialect: 'sqlite' | 'postgres';
  /** Closes the connection pool. */
  close(): Promise<void>;
}
