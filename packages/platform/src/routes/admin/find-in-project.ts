import { NotFoundError } from '@grove/datasource-toolkit';
import type { Transaction } from 'sequelize';

import type { EnvironmentRow, RoleRow, TeamRow } from '../../database/models/platform-models';
import type { PlatformDatabase } from '../../database/platform-database';

type Kind = 'Environment' | 'Team' | 'Role';
type RowOf<K extends Kind> = K extends 'Environment'
  ? EnvironmentRow
  : K extends 'Team'
    ? TeamRow
    : RoleRow;

/**
 * An environment, team or role of a project, or a 404: an id of another project names nothing
 * here (whatever exists elsewhere).
 *
 * @example
 * ```ts
 * const team = await findInProject(db, 'Team', project.id, teamId);
 * ```
 */
export async function findInProject<K extends Kind>(
  db: PlatformDatabase,
  kind: K,
  projectId: number,
  id: number,
  transaction?: Transaction,
): Promise<RowOf<K>> {
  const model = db.models[kind] as unknown as {
    findOne(options: object): Promise<{ get(options: { plain: true }): RowOf<K> } | null>;
  };
  const row = await model.findOne({ where: { id, projectId }, transaction });
  if (!row) throw new NotFoundError(`No ${kind.toLowerCase()} ${id} in this project`);

  return row.get({ plain: true });
}
