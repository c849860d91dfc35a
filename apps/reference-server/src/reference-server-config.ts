import { join } from 'node:path';

/** What the reference server reads from the environment, with development defaults. */
export interface ReferenceServerConfig {
  /** `DATABASE_URL`; default: a SQLite file under `apps/reference-server/data/`. */
  readonly databaseUrl: string;
  /** `PORT` of the agent (default 3351; 0 picks a free port). */
  readonly agentPort: number;
  /** `GROVE_PLATFORM_PORT` of the platform (default 3352; 0 picks a free port). */
  readonly platformPort: number;
  /** `GROVE_PLATFORM_DATABASE_URL`; default: a SQLite file next to the demo database's default. */
  readonly platformDatabaseUrl: string;
  /** `HOST` to bind (default 127.0.0.1). */
  readonly host: string;
  /** `GROVE_AUTH_SECRET`; default: a fixed development secret (never use it in production). */
  readonly authSecret: string;
  /** `GROVE_ENV_SECRET`; default: a fixed development secret (the platform's first start adopts it). */
  readonly envSecret: string;
  /** `GROVE_SCHEMA_PATH`; default `apps/reference-server/.grove-schema.json`. */
  readonly schemaPath: string;
}

/** The app's directory (`dist/` and `src/` both sit one level below it). */
export const appDirectory = join(__dirname, '..');

function port(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    throw new Error(`Invalid port '${value}': expected an integer from 0 to 65535.`);
  }

  return parsed;
}

/**
 * Reads the configuration from environment variables.
 *
 * @example
 * ```ts
 * const config = readConfig(process.env);
 * ```
 */
export function readConfig(environment: NodeJS.ProcessEnv): ReferenceServerConfig {
  return {
    databaseUrl: environment.DATABASE_URL || `sqlite:${join(appDirectory, 'data', 'demo.sqlite')}`,
    agentPort: port(environment.PORT, 3351),
    platformPort: port(environment.GROVE_PLATFORM_PORT, 3352),
    platformDatabaseUrl:
      environment.GROVE_PLATFORM_DATABASE_URL ||
      `sqlite:${join(appDirectory, 'data', 'platform.sqlite')}`,
    host: environment.HOST || '127.0.0.1',
    authSecret: environment.GROVE_AUTH_SECRET || 'reference-server-development-auth-secret',
    envSecret: environment.GROVE_ENV_SECRET || 'd'.repeat(64),
    schemaPath: environment.GROVE_SCHEMA_PATH || join(appDirectory, '.grove-schema.json'),
  };
}
