import type { Request } from 'express';

import { idParam } from '../../http/admin-input';
import type { PlatformContext } from '../../platform-context';
import { findInProject } from './find-in-project';

/**
 * The environment `:environmentId` of the project, as the notes' store functions name it
 * (`{ id, name }`), or a 404 for an environment of another project.
 *
 * @example
 * ```ts
 * const environment = await findNoteEnvironment(context, req, projectOf(res).id);
 * ```
 */
export async function findNoteEnvironment(
  context: PlatformContext,
  req: Request,
  projectId: number,
): Promise<{ id: number; name: string }> {
  const row = await findInProject(
    context.db,
    'Environment',
    projectId,
    idParam(req, 'environmentId'),
  );

  return { id: row.id, name: row.name };
}
