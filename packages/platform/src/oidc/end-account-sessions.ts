import type { Transaction } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import { environmentOfResource } from './mcp-resource';
import { ENVIRONMENT_METADATA } from './registration-policies';

/** The objects of the OpenID provider that belong to a user (`oidc_payloads.account_id`). */
const ACCOUNT_MODELS = [
  'Session',
  'Interaction',
  'Grant',
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
];

/** Which of a user's OpenID sessions {@link endAccountSessions} ends. */
export interface EndAccountSessionsOptions {
  /**
   * Only the grants (and their tokens and codes) of this project: those of its agents' clients
   * and the MCP grants of its environments. Without it, everything the user holds at the
   * provider: login sessions, interactions, every grant, token and code.
   */
  readonly projectId?: number;
  readonly transaction?: Transaction;
}

/** The ids of the user's grants that speak for one of the project's environments. */
async function projectGrantIds(
  db: PlatformDatabase,
  accountId: string,
  projectId: number,
  transaction: Transaction | undefined,
): Promise<string[]> {
  const { OidcPayload, Environment } = db.models;
  const [grants, environments] = await Promise.all([
    OidcPayload.findAll({ where: { model: 'Grant', accountId }, transaction }),
    Environment.findAll({ where: { projectId }, attributes: ['id'], transaction }),
  ]);
  const environmentIds = new Set(environments.map(environment => environment.id));
  const clientIds = [...new Set(grants.map(grant => String(grant.payload.clientId)))];
  const clients = await OidcPayload.findAll({
    where: { model: 'Client', id: clientIds },
    transaction,
  });
  // An agent's client is registered for one environment; an MCP grant names its environment in
  // its resource indicator (the MCP client itself serves any environment).
  const agentClients = new Set(
    clients
      .filter(client => environmentIds.has(client.payload[ENVIRONMENT_METADATA] as number))
      .map(client => client.id),
  );
  const inProject = (resources: unknown) =>
    Object.keys(resources && typeof resources === 'object' ? resources : {}).some(resource =>
      environmentIds.has(environmentOfResource(resource) ?? 0),
    );

  return grants
    .filter(
      grant =>
        agentClients.has(String(grant.payload.clientId)) || inProject(grant.payload.resources),
    )
    .map(grant => grant.id);
}

/**
 * Ends a user's sessions at the OpenID provider by deleting their rows of `oidc_payloads`
 * (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions): a refresh
 * token of an ended grant yields `invalid_grant`, its access tokens (opaque, or MCP JWTs, see
 * `hasMcpTokenGrant`) are refused, an ended login session asks for the password again. With
 * `projectId`, only the grants for that project's environments end (a removal from the project,
 * a demotion in it); without, everything (a password change). Answers how many rows it deleted.
 * Console sessions are the caller's (`user_sessions`).
 *
 * @example
 * ```ts
 * await endAccountSessions(context.db, user.id, { transaction });
 * await endAccountSessions(context.db, userId, { projectId, transaction });
 * ```
 */
export async function endAccountSessions(
  db: PlatformDatabase,
  userId: number,
  options: EndAccountSessionsOptions = {},
): Promise<number> {
  const { OidcPayload } = db.models;
  const { projectId, transaction } = options;
  const accountId = String(userId);
  if (projectId === undefined) {
    return OidcPayload.destroy({ where: { model: ACCOUNT_MODELS, accountId }, transaction });
  }
  const grantIds = await projectGrantIds(db, accountId, projectId, transaction);
  if (grantIds.length === 0) return 0;
  // Tokens and codes first (they name their grant), then the grants themselves.
  const tokens = await OidcPayload.destroy({
    where: { model: ACCOUNT_MODELS, grantId: grantIds },
    transaction,
  });
  const grants = await OidcPayload.destroy({
    where: { model: 'Grant', id: grantIds },
    transaction,
  });

  return tokens + grants;
}
