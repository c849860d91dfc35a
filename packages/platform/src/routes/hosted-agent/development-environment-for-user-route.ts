import { ValidationError } from '@grove/datasource-toolkit';
import express from 'express';

import { generateEnvSecret, hashEnvSecret } from '../../auth/env-secret';
import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkAgentUrl, createEnvironment } from '../../services/create-environment';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';
import { checkBodyShape } from '../../http/check-body-shape';

/** The endpoint of the body: an http(s) URL. */
function endpointOf(body: unknown): string {
  const endpoint =
    body && typeof body === 'object' ? (body as { endpoint?: unknown }).endpoint : undefined;
  let url: string | null = null;
  try {
    url = checkAgentUrl(endpoint);
  } catch {
    url = null;
  }
  if (url === null) throw new ValidationError('endpoint must be an http or https URL');

  return url;
}

/**
 * `POST /api/hosted-agent/development-environment-for-user` `{ endpoint }`: the caller's
 * personal development environment of the hosted one's project (`grove-cloud start`), created
 * once (`Development (<email>)`, not hosted, a rendering for every team, the caller's among
 * them), its agentUrl the endpoint. Each call gives it a new env secret, answered once as
 * `{ data: { attributes: { secret_key } } }`. Works for any environment the caller may publish to.
 *
 * @example
 * ```ts
 * mountDevelopmentEnvironmentForUser(router, context);
 * ```
 */
export const mountDevelopmentEnvironmentForUser: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;

  router.post(
    '/api/hosted-agent/development-environment-for-user',
    requireHostedAgentCaller(context, { hosted: false }),
    express.json({ verify: checkBodyShape, limit: 16 * 1024 }),
    handle(async (req, res) => {
      const endpoint = endpointOf(req.body);
      const { environment: hosted, user } = hostedAgentCallerOf(res);
      const initiator = { id: user.id, email: user.email };
      const existing = await models.DevelopmentEnvironment.findOne({
        where: { userId: user.id, hostedEnvironmentId: hosted.id },
      });
      let secret: string;
      if (existing) {
        secret = generateEnvSecret();
        await applyAdminChange(context, initiator, async transaction => {
          await models.Environment.update(
            {
              agentUrl: endpoint,
              secretHash: hashEnvSecret(secret),
              secretCiphertext: context.db.envSecrets.seal(secret),
            },
            { where: { id: existing.environmentId }, transaction },
          );

          return {
            value: undefined,
            logs: [
              {
                projectId: hosted.projectId,
                resourceType: 'environment',
                resourceId: existing.environmentId,
                action: 'regenerate-secret',
                newValues: { agentUrl: endpoint },
              },
            ],
          };
        });
      } else {
        const created = await createEnvironment(context.db, initiator, {
          projectId: hosted.projectId,
          name: `Development (${user.email})`.slice(0, 255),
          agentUrl: endpoint,
          isProduction: false,
        });
        await models.DevelopmentEnvironment.create({
          environmentId: created.environment.id,
          userId: user.id,
          hostedEnvironmentId: hosted.id,
        });
        secret = created.envSecret;
      }
      res.json({ data: { attributes: { secret_key: secret } } });
    }),
  );
};
