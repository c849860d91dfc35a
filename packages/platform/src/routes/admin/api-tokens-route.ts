import { GroveError, NotFoundError } from '@grove/datasource-toolkit';
import { generateApiToken } from '@grove/public-api';
import { Op } from 'sequelize';

import type { ApiTokenRow } from '../../database/models/public-api-rows';
import { handle } from '../../http/async-handler';
import { idParam } from '../../http/admin-input';
import { adminSessionOf, initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { readApiTokenInput } from './read-api-token-input';

/** The state of a token at `now`. */
function statusOf(token: ApiTokenRow, now: Date): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';

  return 'active';
}

/** A token as the admin API shows it: never its value nor its hash. */
function apiTokenJson(token: ApiTokenRow, ownerEmail: string | null, now: Date) {
  return {
    id: token.id,
    name: token.name,
    level: token.level,
    scopes: token.scopes,
    displayHint: token.displayHint,
    status: statusOf(token, now),
    owner: { id: token.userId, email: ownerEmail },
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt ?? null,
    expiresAt: token.expiresAt ?? null,
    revokedAt: token.revokedAt ?? null,
  };
}

/** What an admin log records of a token (no value, no hash). */
function loggedValues(token: ApiTokenRow, ownerEmail: string | null) {
  return {
    name: token.name,
    level: token.level,
    scopes: token.scopes,
    displayHint: token.displayHint,
    ownerEmail,
    expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
  };
}

/**
 * API tokens of a project (`/api/admin/projects/:projectId/api-tokens`), for its Admins:
 * `POST` {name, level, scopes, expiresAt?} creates one owned by the calling Admin and answers 201
 * `{ token, apiToken }` — the value, shown this once (only its SHA-256 is stored); `GET` lists
 * them newest first (status `active` | `revoked` | `expired`, never a value or hash); `DELETE
 * …/:tokenId` revokes one (204; revoking a revoked token again is a no-op 204). Creation and
 * revocation write their admin log (resource `api-token`) in the same transaction.
 *
 * @example
 * ```ts
 * mountApiTokens(router, context);
 * ```
 */
export const mountApiTokens: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/api-tokens';

  router.get(
    path,
    handle(async (_req, res) => {
      const now = new Date();
      const tokens = await models.ApiToken.findAll({
        where: { projectId: projectOf(res).id },
        order: [['id', 'DESC']],
      });
      const owners = await models.User.findAll({
        where: { id: { [Op.in]: [...new Set(tokens.map(token => token.userId))] } },
      });
      const emailOf = (id: number) => owners.find(owner => owner.id === id)?.email ?? null;
      res.json({
        data: tokens.map(token =>
          apiTokenJson(token.get({ plain: true }), emailOf(token.userId), now),
        ),
      });
    }),
  );

  router.post(
    path,
    handle(async (req, res) => {
      const now = new Date();
      const input = readApiTokenInput(req, now);
      const projectId = projectOf(res).id;
      const { user } = adminSessionOf(res);
      const generated = generateApiToken();
      const token = await applyAdminChange(context, initiatorOf(res), async transaction => {
        const sameName = await models.ApiToken.findOne({
          where: {
            projectId,
            name: input.name,
            revokedAt: { [Op.eq]: null },
            [Op.or]: [{ expiresAt: { [Op.eq]: null } }, { expiresAt: { [Op.gt]: now } }],
          },
          transaction,
        });
        if (sameName) {
          throw new GroveError('ConflictError', `An active token is already named ${input.name}`);
        }
        const created = await models.ApiToken.create(
          {
            projectId,
            userId: user.id,
            name: input.name,
            tokenHash: generated.hash,
            displayHint: generated.displayHint,
            level: input.level,
            scopes: [...input.scopes],
            expiresAt: input.expiresAt,
          },
          { transaction },
        );
        const row = created.get({ plain: true });

        return {
          value: row,
          logs: [
            {
              projectId,
              resourceType: 'api-token',
              resourceId: row.id,
              action: 'create',
              newValues: loggedValues(row, user.email),
            },
          ],
        };
      });
      res
        .status(201)
        .json({ token: generated.value, apiToken: apiTokenJson(token, user.email, now) });
    }),
  );

  router.delete(
    `${path}/:tokenId`,
    handle(async (req, res) => {
      const projectId = projectOf(res).id;
      const tokenId = idParam(req, 'tokenId');
      await applyAdminChange(context, initiatorOf(res), async transaction => {
        const token = await models.ApiToken.findOne({
          where: { id: tokenId, projectId },
          transaction,
        });
        if (!token) throw new NotFoundError(`No API token ${tokenId} in this project`);
        if (token.revokedAt) return { value: null, logs: [] };
        const before = token.get({ plain: true });
        const owner = await models.User.findByPk(before.userId, { transaction });
        const revokedAt = new Date();
        await models.ApiToken.update({ revokedAt }, { where: { id: tokenId }, transaction });

        return {
          value: null,
          logs: [
            {
              projectId,
              resourceType: 'api-token',
              resourceId: tokenId,
              action: 'revoke',
              previousValues: loggedValues(before, owner?.email ?? null),
              newValues: { revokedAt: revokedAt.toISOString() },
            },
          ],
        };
      });
      res.status(204).end();
    }),
  );
};
