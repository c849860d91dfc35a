import { ExpiringCache } from '@grove/platform-client';

import type { PlatformDatabase } from '../database/platform-database';
import type { EnvironmentRow } from '../database/models/platform-models';
import { findEnvironmentBySecret, hashEnvSecret } from './env-secret';

/**
 * How long, at most, an environment found from its env secret is reused without reading it again
 * (seconds; an entry lives between `ENVIRONMENT_BY_SECRET_SECONDS - 1` and this many seconds). It
 * bounds how long another platform process of the same deployment still accepts a regenerated or
 * deleted secret: the process that writes an environment forgets every remembered one at once.
 */
export const ENVIRONMENT_BY_SECRET_SECONDS = 2;

const CAPACITY = 1000;

interface EnvironmentCache {
  current: ExpiringCache<EnvironmentRow>;
  readonly now: () => number;
}

const caches = new WeakMap<PlatformDatabase, EnvironmentCache>();

function cacheOf(db: PlatformDatabase, now: () => number): EnvironmentCache {
  const existing = caches.get(db);
  if (existing) return existing;

  const cache: EnvironmentCache = { current: new ExpiringCache(CAPACITY, now), now };
  const forgetAll = () => {
    cache.current = new ExpiringCache(CAPACITY, now);
  };
  // Every way Sequelize writes an environment: instances (save, destroy, upsert) and bulk
  // `update` / `destroy` with a `where` (how the routes rotate secrets and delete environments).
  const { Environment } = db.models;
  Environment.addHook('afterSave', forgetAll);
  Environment.addHook('afterDestroy', forgetAll);
  Environment.addHook('afterUpsert', forgetAll);
  Environment.addHook('afterBulkUpdate', forgetAll);
  Environment.addHook('afterBulkDestroy', forgetAll);
  caches.set(db, cache);

  return cache;
}

/**
 * {@link findEnvironmentBySecret}, remembered for at most {@link ENVIRONMENT_BY_SECRET_SECONDS}
 * per database (keyed by the secret's hash, never the secret; up to 1000 environments). Agents
 * send their env secret on every call (a write's pending activity log, then its status), so this
 * saves a query per call. Only found environments are remembered, and any write of an
 * environment through its model forgets them all. Each call answers its own copy of the row.
 *
 * @example
 * ```ts
 * const environment = await cachedEnvironmentBySecret(db, req.get('forest-secret-key') ?? '');
 * if (!environment) throw new UnauthorizedError('Unknown env secret');
 * ```
 */
export async function cachedEnvironmentBySecret(
  db: PlatformDatabase,
  secret: string,
  now: () => number = () => Math.floor(Date.now() / 1000),
): Promise<EnvironmentRow | null> {
  const cache = cacheOf(db, now);
  const key = hashEnvSecret(secret);
  const remembered = cache.current.get(key);
  if (remembered) return { ...remembered };

  const held = cache.current;
  const environment = await findEnvironmentBySecret(db, secret);
  // An environment written while the query ran replaced the cache: the row read may be stale.
  if (environment && held === cache.current) {
    held.set(key, { ...environment }, cache.now() + ENVIRONMENT_BY_SECRET_SECONDS);
  }

  return environment;
}
