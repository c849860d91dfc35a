import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize';
import { BenchValidationError, expectSame } from '../requests/bench-validation-error';
import { jsonBody } from '../requests/customer-rows';
import { toIsoInstant } from '../requests/customer-rows';
import type { StackKind } from './stack-kind';

/** Activity logs per page (the public API's maximum is 100; its default 10). */
export const logPageSize = 50;

/** Where the page is read: the platform's project and environment, and its database. */
export interface LogPageTarget {
  readonly projectName: string;
  readonly environmentName: string;
  readonly environmentId: number;
  /** The runner's own connection to the platform's database. */
  readonly platformDb: Sequelize;
}

interface WireLog {
  readonly id: string;
  readonly action: string;
  readonly createdAt: string;
  readonly collection?: { readonly name: string };
  readonly user?: { readonly email: string };
}

const pageSql =
  'SELECT id, action, collection_name, user_email, created_at FROM activity_logs ' +
  'WHERE environment_id = :environmentId ORDER BY created_at DESC, id DESC LIMIT :limit';

/**
 * `public API log page`: `GET /v1/project/:project/environment/:env/activity-logs?limit=50` on
 * the platform with an API token (scope `activity_logs:read`): the newest 50 activity logs of
 * the environment. Checked against the platform's database (ids, actions, collections, users,
 * dates, newest first); the page must be full. Its raw query is the page's SELECT there (the
 * platform also reads the page's users, in a second query).
 *
 * @example
 * ```ts
 * const kind = publicApiLogPageKind({ projectName: 'My project', environmentName: 'Development', environmentId: 1, platformDb });
 * kind.request(0, context).path; // '/v1/project/My%20project/environment/Development/activity-logs?limit=50'
 * ```
 */
export function publicApiLogPageKind(target: LogPageTarget): StackKind {
  const replacements = { environmentId: target.environmentId, limit: logPageSize };

  return {
    name: 'public API log page',
    family: 'read',
    servedBy: 'platform',
    request: () => ({
      method: 'GET',
      path:
        `/v1/project/${encodeURIComponent(target.projectName)}` +
        `/environment/${encodeURIComponent(target.environmentName)}/activity-logs?limit=${logPageSize}`,
    }),
    async validate(answer) {
      const { data } = jsonBody<{ data?: readonly WireLog[] }>(this.name, answer);
      if (data?.length !== logPageSize) {
        throw new BenchValidationError(
          this.name,
          `a page of ${data?.length} logs, not ${logPageSize}`,
        );
      }
      const rows = await target.platformDb.query<Record<string, unknown>>(pageSql, {
        type: QueryTypes.SELECT,
        replacements,
      });
      const expected = rows.map(row => [
        String(row.id),
        row.action,
        row.collection_name,
        row.user_email,
        toIsoInstant(row.created_at),
      ]);
      const actual = data.map(log => [
        log.id,
        log.action,
        log.collection?.name ?? null,
        log.user?.email ?? null,
        log.createdAt,
      ]);
      expectSame(this.name, 'logs', actual, expected);
    },
    raw: () => ({
      sql: pageSql,
      replacements: { ...replacements, limit: logPageSize + 1 },
    }),
  };
}
