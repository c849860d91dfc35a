import type { PublicApiEnvironment } from '@grove/public-api';

import type { PlatformContext } from '../platform-context';

/**
 * `findEnvironment` of the store: the project's environment named exactly `name` (case-sensitive
 * on both databases: the comparison is repeated here, whatever the column's collation). A name
 * with a NUL byte names no environment and is not queried (SQLite's driver cannot take it).
 *
 * @example
 * ```ts
 * const environment = await findPublicApiEnvironment(context, 1, 'Production');
 * ```
 */
export async function findPublicApiEnvironment(
  context: PlatformContext,
  projectId: number,
  name: string,
): Promise<PublicApiEnvironment | null> {
  if (name.includes('\u0000')) return null;
  const rows = await context.db.models.Environment.findAll({ where: { projectId, name } });
  const environment = rows.find(row => row.name === name);

  return environment ? { id: environment.id, name: environment.name } : null;
}
