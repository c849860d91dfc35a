import { ForbiddenError, GroveError, NotFoundError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import { findEnvironmentBySecret } from '../../auth/env-secret';
import type { EnvironmentRow } from '../../database/models/platform-models';
import { bearerUser } from '../../http/bearer-user';
import type { BearerUser } from '../../http/bearer-user';
import { ENV_SECRET_HEADER } from '../../http/middlewares/require-environment';
import type { PlatformContext } from '../../platform-context';

/** The CLI's header of the env secret (the agent protocol's `forest-secret-key` is accepted too). */
const GROVE_SECRET_HEADER = 'grove-secret-key';
/** The built-in roles that may publish code the platform runs. */
const PUBLISHER_ROLES = ['Admin', 'Developer'];

/** Who calls a `/api/hosted-agent/…` route, once checked. */
export interface HostedAgentCaller {
  readonly environment: EnvironmentRow;
  readonly user: BearerUser;
}

/**
 * The checks every `/api/hosted-agent/…` route runs before it reads a body, in this order: the
 * env secret (401), the Bearer user access token (401), the user is an Admin or a Developer of
 * the environment's project (403), and — with `hosted` — the environment is hosted (404).
 *
 * @example
 * ```ts
 * router.get('/api/hosted-agent/logs', requireHostedAgentCaller(context, { hosted: true }), …);
 * ```
 */
export function requireHostedAgentCaller(
  context: PlatformContext,
  options: { readonly hosted: boolean },
): RequestHandler {
  const { models } = context.db;

  return (req, res, next) => {
    const check = async () => {
      const secret = req.get(GROVE_SECRET_HEADER) ?? req.get(ENV_SECRET_HEADER) ?? '';
      const environment = await findEnvironmentBySecret(context.db, secret);
      if (!environment) {
        throw new GroveError(
          'UnauthorizedError',
          secret === ''
            ? `Missing the ${GROVE_SECRET_HEADER} header`
            : 'This environment secret matches no environment',
        );
      }
      const user = await bearerUser(context, req, 'hosted-agent');
      const member = await models.ProjectMember.findOne({
        where: { projectId: environment.projectId, userId: user.id },
      });
      const role = member ? await models.Role.findByPk(member.roleId) : null;
      if (!role || !role.builtIn || !PUBLISHER_ROLES.includes(role.name)) {
        throw new ForbiddenError(
          "Only the project's Admins and Developers may manage its hosted agent",
        );
      }
      if (options.hosted && !environment.hosted) {
        throw new NotFoundError('This environment is not hosted by the platform');
      }
      res.locals.hostedAgentCaller = { environment, user } satisfies HostedAgentCaller;
    };
    check().then(() => next(), next);
  };
}

/** The caller {@link requireHostedAgentCaller} let through. */
export function hostedAgentCallerOf(res: Response): HostedAgentCaller {
  return res.locals.hostedAgentCaller as HostedAgentCaller;
}
