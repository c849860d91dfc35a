import type { PublicApiRateLimits } from '@grove/public-api';
import type { Logger } from '@grove/datasource-toolkit';

import type { PlatformDatabaseOptions } from './database/platform-database-options';
import type { PlatformMode } from './platform-context';

/** Options of {@link createPlatform}. Nothing is read from the environment here (see the bin). */
export interface PlatformOptions {
  /** The platform's own database (default: the SQLite file `grove-platform.sqlite`). */
  readonly database?: PlatformDatabaseOptions;
  /**
   * The URL the platform is reached at (the OIDC issuer's base, links in pages). Default:
   * `http://localhost:<port>` when `port` is given; required otherwise.
   */
  readonly publicUrl?: string;
  /** Listen on this port (0: a free one) before building the routes. Omit to mount `platform.app` yourself. */
  readonly port?: number;
  /** Host to bind when `port` is given (default `127.0.0.1`). */
  readonly host?: string;
  /**
   * 64 lower-case hex characters (32 random bytes; the command reads `GROVE_PLATFORM_SECRET_KEY`):
   * the AES-256-GCM key env secrets are stored under, to sign approval requests. Default: a key
   * generated once into the database, with a warning (a key next to the data protects less).
   */
  readonly secretKey?: string;
  /** `redis://…`: events and counters shared by every platform process of the deployment. */
  readonly redisUrl?: string;
  /**
   * Default `standard`. `sandbox`: the test kit's platform, with permissive defaults (see the
   * README): an environment per env secret used, everything allowed until a test's permission
   * override, the test-kit routes (`/agent-schema`, `/permission-override`). Give it a fresh
   * database (`sqlite::memory:`) and `bootstrap: false`.
   */
  readonly mode?: PlatformMode;
  /** Sandbox mode only. */
  readonly sandbox?: SandboxOptions;
  /** Period of the event-stream heartbeats (default 15 s; agents expect one within 45 s). */
  readonly heartbeatIntervalMs?: number;
  /**
   * Requests an API token may make on the public API (`/v1`) per minute, hour and day, and calls
   * of one workflow's webhook URL per minute (defaults 60, 1,000, 10,000 and 60).
   */
  readonly publicApiRateLimits?: Partial<PublicApiRateLimits>;
  /** Maximum JSON body size in bytes (default 50 MiB: schema uploads of large projects). */
  readonly maxBodySize?: number;
  readonly logger?: Logger;
}

/** Options of a sandbox-mode platform. */
export interface SandboxOptions {
  /**
   * Pause after the refresh events of a permission override while agents are connected, so that
   * an agent in another process drops its caches before the test goes on (default 20 ms).
   */
  readonly refreshSettleMs?: number;
}
