import { randomBytes } from 'node:crypto';

import { UniqueConstraintError } from 'sequelize';

import { ValidationError } from '@grove/datasource-toolkit';

import { checkPasswordStrength, hashPassword } from '../auth/password';
import type { EnvironmentRow, ProjectRow } from '../database/models/platform-models';
import type { PlatformDatabase } from '../database/platform-database';
import { createEnvironment } from '../services/create-environment';
import { createProject } from '../services/create-project';

/** What the first start creates; see {@link bootstrapPlatform}. */
export interface BootstrapOptions {
  /** Default `admin@grove.local`. */
  readonly adminEmail?: string;
  /** Default `My project`. */
  readonly projectName?: string;
  /** Default `Development`. */
  readonly environmentName?: string;
  /** The development environment's agent URL (default `http://localhost:3351`). */
  readonly agentUrl?: string;
  /**
   * The admin's password, for development setups that need a known one (default: a random one,
   * returned once, that the admin must change at their first login). Must pass the password
   * rules.
   */
  readonly adminPassword?: string;
  /**
   * Whether the admin must choose a new password at their first login (the console asks before
   * anything else). Default: true for a generated password, false for a given `adminPassword`.
   */
  readonly mustChangePassword?: boolean;
  /**
   * The development environment's env secret (64 lower-case hex characters), for development
   * setups whose agent configuration already names one (default: a new random secret).
   */
  readonly envSecret?: string;
}

/** The secrets of a first start: shown once, never stored in clear. */
export interface BootstrapResult {
  readonly adminEmail: string;
  /** The admin's first password (one-time when generated: see `mustChangePassword`). */
  readonly adminPassword: string;
  /** Whether the admin must choose a new password at their first login. */
  readonly mustChangePassword: boolean;
  readonly project: ProjectRow;
  readonly environment: EnvironmentRow;
  /** The development environment's env secret. */
  readonly envSecret: string;
}

/**
 * On a platform database without any user, creates the admin user (with a random one-time
 * password, to be changed at the first login, unless `adminPassword` is given), a project and
 * its development environment, and returns the password and the env secret: the only time
 * either is seen. On any later start (a user exists), does nothing and returns null.
 * When two processes start together on an empty database, one bootstraps and the other sees the
 * admin's email taken and returns null.
 *
 * @example
 * ```ts
 * const first = await bootstrapPlatform(db);
 * if (first) console.log(`Log in as ${first.adminEmail} / ${first.adminPassword}`);
 * ```
 */
export async function bootstrapPlatform(
  db: PlatformDatabase,
  options: BootstrapOptions = {},
): Promise<BootstrapResult | null> {
  if ((await db.models.User.count()) > 0) return null;

  const adminEmail = options.adminEmail ?? 'admin@grove.local';
  // 18 random bytes in base64url: 24 characters, well past the password rules.
  const adminPassword = options.adminPassword ?? randomBytes(18).toString('base64url');
  // A generated password is printed in the start log: it is a way in until the admin replaces it.
  const mustChangePassword = options.mustChangePassword ?? options.adminPassword === undefined;
  const weakness = checkPasswordStrength(adminPassword);
  if (weakness) throw new ValidationError(`The bootstrap admin password is refused: ${weakness}`);
  if (options.envSecret !== undefined && !/^[0-9a-f]{64}$/.test(options.envSecret)) {
    throw new ValidationError('The bootstrap env secret must be 64 lower-case hex characters');
  }
  let adminId: number;
  try {
    const admin = await db.models.User.create({
      email: adminEmail,
      firstName: 'Admin',
      lastName: 'Grove',
      passwordHash: await hashPassword(adminPassword),
      mustChangePassword,
      permissionLevel: 'admin',
    });
    adminId = admin.id;
  } catch (error) {
    if (error instanceof UniqueConstraintError) return null;
    throw error;
  }

  const initiator = { id: adminId, email: adminEmail };
  const project = await createProject(db, initiator, { name: options.projectName ?? 'My project' });
  const { environment, envSecret } = await createEnvironment(db, initiator, {
    projectId: project.id,
    name: options.environmentName ?? 'Development',
    agentUrl: options.agentUrl ?? 'http://localhost:3351',
    isProduction: false,
    envSecret: options.envSecret,
  });

  return { adminEmail, adminPassword, mustChangePassword, project, environment, envSecret };
}
