import type { PlatformDatabase } from './platform-database';

/**
 * Reads a deployment-wide setting (`platform_settings`), creating it first when absent.
 * Insert-if-absent then re-read: when several processes start together on one database, the
 * first insert wins and every process reads the same value.
 *
 * @example
 * ```ts
 * const deploymentId = await readOrCreateSetting(db, 'deployment.id', () => randomUUID());
 * ```
 */
export async function readOrCreateSetting<T>(
  db: PlatformDatabase,
  key: string,
  create: () => T,
): Promise<T> {
  const { PlatformSetting } = db.models;
  const existing = await PlatformSetting.findByPk(key);
  if (existing) return existing.get('value') as T;
  await PlatformSetting.bulkCreate([{ key, value: create() }], { ignoreDuplicates: true });
  const stored = await PlatformSetting.findByPk(key);
  if (!stored) throw new Error(`The platform setting ${key} could not be stored`);

  return stored.get('value') as T;
}
