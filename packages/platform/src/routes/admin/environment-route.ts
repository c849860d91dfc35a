import { ValidationError } from '@grove/datasource-toolkit';

import { generateEnvSecret, hashEnvSecret } from '../../auth/env-secret';
import { handle } from '../../http/async-handler';
import { bodyOf, idParam, optionalBoolean } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import type { RefreshTarget } from '../../events/publish-refresh';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkIpWhitelist } from '../../services/check-ip-whitelist';
import { checkAgentUrl } from '../../services/create-environment';
import { checkName } from '../../services/create-project';
import { environmentJson } from './admin-json';
import { findInProject } from './find-in-project';

/**
 * `GET|PATCH|DELETE /api/admin/projects/:projectId/environments/:environmentId`, and
 * `POST …/:environmentId/secret` that replaces the env secret (the old one stops working at
 * once) and answers the new one, once. PATCH takes {name?, agentUrl?, isProduction?,
 * ipWhitelist?: {enabled, rules}}; a production flag change refreshes the environment's roles.
 * (Agents read IP rules at start only: no event exists for them,
 * docs/platform-protocol.md#ip-rules.)
 *
 * @example
 * ```ts
 * mountEnvironment(router, context);
 * ```
 */
export const mountAdminEnvironment: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/environments/:environmentId';

  router.get(
    path,
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      res.json({ data: environmentJson(environment) });
    }),
  );

  router.patch(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, ['name', 'agentUrl', 'isProduction', 'ipWhitelist']);
      const changes: Record<string, unknown> = {};
      if (body.name !== undefined) changes.name = checkName('environment', body.name);
      if (body.agentUrl !== undefined) changes.agentUrl = checkAgentUrl(body.agentUrl);
      const isProduction = optionalBoolean(body, 'isProduction');
      if (isProduction !== undefined) changes.isProduction = isProduction;
      if (body.ipWhitelist !== undefined) {
        const { enabled, rules } = checkIpWhitelist(body.ipWhitelist);
        changes.ipWhitelistEnabled = enabled;
        changes.ipWhitelistRules = rules;
      }
      if (Object.keys(changes).length === 0) throw new ValidationError('Nothing to change');
      const project = projectOf(res);
      const environmentId = idParam(req, 'environmentId');

      const updated = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(
          context.db,
          'Environment',
          project.id,
          environmentId,
          transaction,
        );
        await models.Environment.update(changes, { where: { id: before.id }, transaction });
        const after = (await models.Environment.findByPk(before.id, { transaction }))!;
        const previousValues = Object.fromEntries(
          Object.keys(changes).map(key => [key, before[key as keyof typeof before]]),
        );
        const refresh: RefreshTarget[] =
          before.isProduction === after.isProduction
            ? []
            : [{ event: 'refresh-roles', environmentId: before.id }];

        return {
          value: after.get({ plain: true }),
          logs: [
            {
              projectId: project.id,
              resourceType: 'environment',
              resourceId: before.id,
              action: 'update',
              previousValues,
              newValues: changes,
            },
          ],
          refresh,
        };
      });
      res.json({ data: environmentJson(updated) });
    }),
  );

  router.delete(
    path,
    handle(async (req, res) => {
      const project = projectOf(res);
      const environmentId = idParam(req, 'environmentId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(
          context.db,
          'Environment',
          project.id,
          environmentId,
          transaction,
        );
        await models.Environment.destroy({ where: { id: before.id }, transaction });

        return {
          value: null,
          logs: [
            {
              projectId: project.id,
              resourceType: 'environment',
              resourceId: before.id,
              action: 'delete',
              previousValues: {
                name: before.name,
                agentUrl: before.agentUrl,
                isProduction: before.isProduction,
              },
            },
          ],
        };
      });
      // Its hosted agent, if any, has nothing left to serve.
      await context.hostedAgents.stop(environmentId);
      res.status(204).end();
    }),
  );

  router.post(
    `${path}/secret`,
    handle(async (req, res) => {
      const project = projectOf(res);
      const environmentId = idParam(req, 'environmentId');
      const secret = generateEnvSecret();
      const environment = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const before = await findInProject(
          context.db,
          'Environment',
          project.id,
          environmentId,
          transaction,
        );
        await models.Environment.update(
          {
            secretHash: hashEnvSecret(secret),
            secretCiphertext: context.db.envSecrets.seal(secret),
          },
          { where: { id: before.id }, transaction },
        );

        return {
          value: before,
          logs: [
            {
              projectId: project.id,
              resourceType: 'environment',
              resourceId: before.id,
              action: 'regenerate-secret',
            },
          ],
        };
      });
      // A hosted agent calls the platform with the env secret: it starts again with the new one.
      if (environment.hosted) void context.hostedAgents.restart(environment.id);
      res.json({ data: { ...environmentJson(environment), secret } });
    }),
  );
};
