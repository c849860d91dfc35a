import type { EnvironmentRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';

/**
 * The rendering an agent's request for `renderingId` reads. Standard mode: that id, as asked
 * (`computeRenderingPermissions` refuses one of another environment). Sandbox mode, a permissive
 * default: the test kit's tokens always name rendering 1, so an id that is not one of the
 * environment's renderings reads the environment's rendering of its first team (the sandbox
 * team `admin`); the environment's own renderings are served as asked.
 *
 * @example
 * ```ts
 * const id = await resolveRenderingId(context, environment, 1);
 * res.json(await computeRenderingPermissions(context.db, environment, id));
 * ```
 */
export async function resolveRenderingId(
  context: PlatformContext,
  environment: Pick<EnvironmentRow, 'id'>,
  renderingId: number,
): Promise<number> {
  if (context.mode !== 'sandbox') return renderingId;
  const { Rendering } = context.db.models;
  const renderings = await Rendering.findAll({
    where: { environmentId: environment.id },
    order: [['teamId', 'ASC']],
    attributes: ['id'],
  });
  if (renderings.length === 0 || renderings.some(rendering => rendering.id === renderingId)) {
    return renderingId;
  }

  return renderings[0]!.id;
}
