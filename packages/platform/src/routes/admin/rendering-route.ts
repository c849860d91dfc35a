import { NotFoundError } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import type { Transaction } from 'sequelize';

import type { RenderingRow } from '../../database/models/platform-models';
import { handle } from '../../http/async-handler';
import { bodyOf, idParam, nameParam } from '../../http/admin-input';
import { initiatorOf } from '../../http/middlewares/require-admin-session';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { applyAdminChange } from '../../services/apply-admin-change';
import { checkConditionTree } from '../../services/check-condition-tree';
import {
  checkRenderingCollections,
  checkSegments,
  checkStats,
} from '../../services/check-rendering';
import type { RenderingCollection } from '../../services/check-rendering';
import { renderingJson } from './admin-json';
import { findInProject } from './find-in-project';

type Change = Partial<Pick<RenderingRow, 'collections' | 'stats'>>;

const EMPTY: RenderingCollection = { scope: null, segments: [], liveQuerySegments: [] };

/**
 * What a team sees in an environment (docs/platform-protocol.md#renderings), under
 * `/api/admin/projects/:projectId/environments/:environmentId/teams/:teamId/rendering`:
 * `GET` reads it; `PUT` {collections, stats} replaces it; `PUT …/collections/:collection/scope`
 * {scope} sets one scope (a condition tree, or null); `PUT …/collections/:collection/segments`
 * {segments, liveQuerySegments} its live-query segments; `PUT …/stats` {stats} the saved charts.
 * Every change is validated whole before anything is written, logged with the previous value,
 * and published as `refresh-renderings` with the rendering's id.
 *
 * @example
 * ```ts
 * mountRendering(router, context);
 * ```
 */
export const mountRendering: PlatformRouteMounter = (router, context) => {
  const { models } = context.db;
  const path = '/api/admin/projects/:projectId/environments/:environmentId/teams/:teamId/rendering';

  const find = async (req: Request, res: Response, transaction?: Transaction) => {
    const projectId = projectOf(res).id;
    const environment = await findInProject(
      context.db,
      'Environment',
      projectId,
      idParam(req, 'environmentId'),
      transaction,
    );
    const team = await findInProject(
      context.db,
      'Team',
      projectId,
      idParam(req, 'teamId'),
      transaction,
    );
    const rendering = await models.Rendering.findOne({
      where: { environmentId: environment.id, teamId: team.id },
      transaction,
    });
    if (!rendering) throw new NotFoundError('This team has no rendering in this environment');

    return { team, rendering: rendering.get({ plain: true }) };
  };

  const change = async (
    req: Request,
    res: Response,
    what: string,
    build: (rendering: RenderingRow) => { change: Change; previous: unknown; next: unknown },
  ) => {
    const projectId = projectOf(res).id;
    const updated = await applyAdminChange(context, initiatorOf(res), async transaction => {
      const { team, rendering } = await find(req, res, transaction);
      const { change: values, previous, next } = build(rendering);
      await models.Rendering.update(values, { where: { id: rendering.id }, transaction });

      return {
        value: { team, rendering: { ...rendering, ...values } },
        logs: [
          {
            projectId,
            resourceType: 'rendering',
            resourceId: rendering.id,
            action: `update-${what}`,
            previousValues: previous,
            newValues: next,
          },
        ],
        refresh: [
          {
            event: 'refresh-renderings' as const,
            environmentId: rendering.environmentId,
            renderingIds: [rendering.id],
          },
        ],
      };
    });
    res.json({
      data: {
        ...renderingJson(updated.rendering),
        team: { id: updated.team.id, name: updated.team.name },
      },
    });
  };

  router.get(
    path,
    handle(async (req, res) => {
      const { team, rendering } = await find(req, res);
      res.json({ data: { ...renderingJson(rendering), team: { id: team.id, name: team.name } } });
    }),
  );

  router.put(
    path,
    handle(async (req, res) => {
      const body = bodyOf(req, ['collections', 'stats']);
      const collections = checkRenderingCollections(body.collections ?? {});
      const stats = checkStats(body.stats ?? []);
      await change(req, res, 'all', rendering => ({
        change: { collections, stats },
        previous: { collections: rendering.collections, stats: rendering.stats },
        next: { collections, stats },
      }));
    }),
  );

  router.put(
    `${path}/collections/:collection/scope`,
    handle(async (req, res) => {
      const collection = nameParam(req, 'collection');
      const scope = checkConditionTree(bodyOf(req, ['scope']).scope, 'scope');
      await change(req, res, 'scope', rendering => {
        const before =
          (rendering.collections[collection] as RenderingCollection | undefined) ?? EMPTY;

        return {
          change: { collections: { ...rendering.collections, [collection]: { ...before, scope } } },
          previous: { collection, scope: before.scope },
          next: { collection, scope },
        };
      });
    }),
  );

  router.put(
    `${path}/collections/:collection/segments`,
    handle(async (req, res) => {
      const collection = nameParam(req, 'collection');
      const segments = checkSegments(bodyOf(req, ['segments', 'liveQuerySegments']), collection);
      await change(req, res, 'segments', rendering => {
        const before =
          (rendering.collections[collection] as RenderingCollection | undefined) ?? EMPTY;

        return {
          change: {
            collections: { ...rendering.collections, [collection]: { ...before, ...segments } },
          },
          previous: {
            collection,
            segments: before.segments,
            liveQuerySegments: before.liveQuerySegments,
          },
          next: { collection, ...segments },
        };
      });
    }),
  );

  router.put(
    `${path}/stats`,
    handle(async (req, res) => {
      const stats = checkStats(bodyOf(req, ['stats']).stats);
      await change(req, res, 'stats', rendering => ({
        change: { stats },
        previous: { stats: rendering.stats },
        next: { stats },
      }));
    }),
  );
};
