import { ValidationError } from '@grove/datasource-toolkit';
import { Op } from 'sequelize';
import type { WhereOptions } from 'sequelize';

import type { HostedAgentLogRow } from '../../database/models/hosted-agent-rows';
import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { hostedAgentCallerOf, requireHostedAgentCaller } from './hosted-agent-caller';

/** A query parameter as one string, or undefined. */
function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${name} is given once`);

  return value;
}

/** An ISO date query parameter. */
function dateParam(value: unknown, name: string): Date | undefined {
  const raw = single(value, name);
  if (raw === undefined) return undefined;
  const date = new Date(raw);
  if (raw.length > 64 || Number.isNaN(date.getTime())) {
    throw new ValidationError(`${name} is an ISO date (2026-01-31T12:00:00Z)`);
  }

  return date;
}

/**
 * `GET /api/hosted-agent/logs?limit=30&from=<ISO>&to=<ISO>&order-by-recent-first=true`: the
 * hosted agent's logs, `{ logs: [{ message, timestamp, level }] }` — `limit` 1 to 1000
 * (default 30), between `from` and `to` (inclusive), oldest first unless
 * `order-by-recent-first=true` (the last `limit` lines are still the most recent ones).
 *
 * @example
 * ```ts
 * mountHostedLogs(router, context);
 * ```
 */
export const mountHostedLogs: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/hosted-agent/logs',
    requireHostedAgentCaller(context, { hosted: true }),
    handle(async (req, res) => {
      const rawLimit = single(req.query.limit, 'limit') ?? '30';
      const limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
      if (!(limit >= 1 && limit <= 1000)) throw new ValidationError('limit is from 1 to 1000');
      const from = dateParam(req.query.from, 'from');
      const to = dateParam(req.query.to, 'to');
      const order = single(req.query['order-by-recent-first'], 'order-by-recent-first');
      if (order !== undefined && order !== 'true' && order !== 'false') {
        throw new ValidationError('order-by-recent-first is true or false');
      }
      const createdAt = {
        ...(from ? { [Op.gte]: from } : {}),
        ...(to ? { [Op.lte]: to } : {}),
      };
      const where: WhereOptions<HostedAgentLogRow> = {
        environmentId: hostedAgentCallerOf(res).environment.id,
        ...(from || to ? { createdAt } : {}),
      };
      // The most recent `limit` lines, then in the order asked.
      const rows = await context.db.models.HostedAgentLog.findAll({
        where,
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        limit,
      });
      const lines = order === 'true' ? rows : [...rows].reverse();
      res.json({
        logs: lines.map(row => ({
          message: row.message,
          timestamp: row.createdAt.toISOString(),
          level: row.level,
        })),
      });
    }),
  );
};
