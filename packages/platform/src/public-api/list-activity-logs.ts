import type { ActivityLogItem, ActivityLogQuery, ActivityLogSource } from '@grove/public-api';
import { literal, Op } from 'sequelize';
import type { WhereOptions } from 'sequelize';

import type { ActivityLogRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { emailWhere } from './email-where';
import { dateRangeWhere, keysetOrder, keysetWhere } from './keyset-where';
import { isoDate, loadUsers, wireUser } from './wire-user';

/** A record id of a row on the wire: composite ids (arrays) packed as `a|b`. */
function recordIdOf(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join('|') : String(value);
}

/** "`record_ids` (a JSON array) holds `recordId`", on each dialect. */
function recordIdWhere(context: PlatformContext, recordId: string | undefined): WhereOptions {
  if (recordId === undefined) return {};
  const value = context.db.sequelize.escape(recordId);
  const column = '"ActivityLog"."record_ids"';
  if (context.db.dialect === 'postgres') {
    return literal(
      `CASE WHEN json_typeof(${column}) = 'array' THEN EXISTS (SELECT 1 FROM ` +
        `json_array_elements_text(${column}) AS element(value) WHERE element.value = ${value}) ` +
        'ELSE false END',
    );
  }

  return literal(
    `EXISTS (SELECT 1 FROM json_each(${column}) AS element ` +
      `WHERE CAST(element.value AS TEXT) = ${value})`,
  );
}

/** One activity-log row on the wire. */
function activityLogItem(
  row: ActivityLogRow,
  environmentName: string,
  user: ActivityLogItem['user'],
): ActivityLogItem {
  return {
    object: 'activityLog',
    id: String(row.id),
    type: row.type === 'read' ? 'read' : 'write',
    action: row.action,
    ...(row.label ? { label: row.label } : {}),
    ...(Array.isArray(row.recordIds) ? { recordIds: row.recordIds.map(recordIdOf) } : {}),
    createdAt: isoDate(row.createdAt),
    user,
    environment: { object: 'environment', name: environmentName },
    ...(row.collectionName
      ? { collection: { object: 'collection', name: row.collectionName } }
      : {}),
    team: { object: 'team', name: row.teamName ?? '' },
    ...(row.workflowRunId && row.workflowName
      ? {
          workflow: {
            object: 'workflow',
            name: row.workflowName,
            runId: row.workflowRunId,
            ...(row.workflowStepName ? { stepName: row.workflowStepName } : {}),
          },
        }
      : {}),
    source: row.source as ActivityLogSource,
    status: row.status === 'completed' || row.status === 'failed' ? row.status : 'pending',
  };
}

/**
 * `listActivityLogs` of the store: the environment's activity logs matching every filter, in
 * `(createdAt, id)` order from the cursor on, with their users — two queries whatever the limit
 * (the logs, then their users in one batch).
 *
 * @example
 * ```ts
 * const items = await listActivityLogs(context, { environment, limit: 11, order: 'desc' });
 * ```
 */
export async function listActivityLogs(
  context: PlatformContext,
  query: ActivityLogQuery,
): Promise<readonly ActivityLogItem[]> {
  const conditions: WhereOptions[] = [
    { environmentId: query.environment.id },
    keysetWhere(query.after, query.order),
    emailWhere('user_email', query.userEmail),
    dateRangeWhere('createdAt', query.createdAt),
    recordIdWhere(context, query.recordId),
  ];
  if (query.userId !== undefined) conditions.push({ userId: query.userId });
  if (query.teamName !== undefined) conditions.push({ teamName: query.teamName });
  if (query.collectionName !== undefined) conditions.push({ collectionName: query.collectionName });
  if (query.actions) conditions.push({ action: { [Op.in]: [...query.actions] } });
  if (query.type) conditions.push({ type: query.type });
  if (query.sources) conditions.push({ source: { [Op.in]: [...query.sources] } });

  const found = await context.db.models.ActivityLog.findAll({
    where: { [Op.and]: conditions },
    order: keysetOrder(query.order),
    limit: query.limit,
  });
  const rows = found.map(row => row.get({ plain: true }));
  const users = await loadUsers(
    context.db,
    rows.map(row => row.userId),
  );

  return rows.map(row =>
    activityLogItem(
      row,
      query.environment.name,
      wireUser(row.userId === null ? undefined : users.get(row.userId), row.userEmail),
    ),
  );
}
