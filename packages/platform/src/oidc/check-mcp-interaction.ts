import type { PlatformContext } from '../platform-context';
import { findMcpRendering } from './find-mcp-rendering';
import type { InteractionDetails } from './interaction-support';
import { environmentOfResource } from './mcp-resource';

/** What the consent step of an MCP authorization knows (docs/mcp.md#authorization). */
export type McpInteraction =
  | { readonly kind: 'none' }
  | { readonly kind: 'denied' }
  | { readonly kind: 'allowed'; readonly environmentLabel: string };

/**
 * For an interaction of an MCP authorization (bound to an environment's resource indicator):
 * whether its signed-in user may work in the environment (a member of its project with a team
 * rendering there), and how to name the environment; `none` for other authorizations.
 *
 * @example
 * ```ts
 * const mcp = await checkMcpInteraction(context, details);
 * if (mcp.kind === 'denied') { ...access_denied... }
 * ```
 */
export async function checkMcpInteraction(
  context: PlatformContext,
  details: InteractionDetails,
): Promise<McpInteraction> {
  const environmentId = environmentOfResource(details.params.resource);
  if (environmentId === null) return { kind: 'none' };
  const userId = Number(details.session?.accountId);
  const renderingId = Number.isInteger(userId)
    ? await findMcpRendering(context.db, userId, environmentId)
    : null;
  if (renderingId === null) return { kind: 'denied' };
  const environment = await context.db.models.Environment.findByPk(environmentId);
  const project = environment && (await context.db.models.Project.findByPk(environment.projectId));

  return {
    kind: 'allowed',
    environmentLabel: project && environment ? `${project.name} · ${environment.name}` : '',
  };
}
