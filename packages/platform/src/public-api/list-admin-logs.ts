import type { AdminLogItem, AdminLogQuery } from '@grove/public-api';
import { Op } from 'sequelize';
import type { WhereOptions } from 'sequelize';

import type { AdminLogRow } from '../database/models/platform-models';
import type { PlatformContext } from '../platform-context';
import { emailWhere } from './email-where';
import { dateRangeWhere, keysetOrder, keysetWhere } from './keyset-where';
import { isoDate, loadUsers, wireUser } from './wire-user';

type Resource = AdminLogItem['resource'];
type Kind = AdminLogItem['type'];

/**
 * The platform's admin-log resource types and the public API's resource of each: a membership
 * (and a team membership) is the vendor's `user-project`, both kinds of role rights are
 * `role-rights`, the others keep their name. Rows of any other type are not shown.
 */
export const ADMIN_LOG_RESOURCE_OF: Readonly<Record<string, Resource>> = {
  member: 'user-project',
  'team-member': 'user-project',
  role: 'role',
  team: 'team',
  environment: 'environment',
  project: 'project',
  rendering: 'rendering',
  'role-rights': 'role-rights',
  'role-collection-rights': 'role-rights',
  'role-action-rights': 'role-rights',
  invitation: 'invitation',
  'api-token': 'api-token',
  workflow: 'workflow',
};

/** Platform actions that are the vendor's `add` and `remove`; every other one is `update`. */
const ADD_ACTIONS = ['create'];
const REMOVE_ACTIONS = ['delete', 'revoke'];

function kindOf(action: string): Kind {
  if (ADD_ACTIONS.includes(action)) return 'add';
  if (REMOVE_ACTIONS.includes(action)) return 'remove';

  return 'update';
}

function resourceTypesOf(resources: readonly Resource[] | undefined): string[] {
  return Object.entries(ADMIN_LOG_RESOURCE_OF)
    .filter(([, resource]) => !resources || resources.includes(resource))
    .map(([type]) => type);
}

/** The condition of a `type` filter (`initial` matches nothing: there is no baseline here). */
function kindWhere(types: readonly Kind[] | undefined): WhereOptions {
  if (!types) return {};
  const either: WhereOptions[] = [];
  if (types.includes('add')) either.push({ action: { [Op.in]: ADD_ACTIONS } });
  if (types.includes('remove')) either.push({ action: { [Op.in]: REMOVE_ACTIONS } });
  if (types.includes('update')) {
    either.push({ action: { [Op.notIn]: [...ADD_ACTIONS, ...REMOVE_ACTIONS] } });
  }

  return either.length === 0 ? { id: { [Op.eq]: null } } : { [Op.or]: either };
}

/** The condition of an `initiator` filter: a user acted, or the platform itself (bootstrap). */
function initiatorWhere(initiators: AdminLogQuery['initiators']): WhereOptions {
  if (!initiators) return {};
  const either: WhereOptions[] = [];
  if (initiators.includes('administrator')) either.push({ initiatorEmail: { [Op.ne]: null } });
  if (initiators.includes('forestAdmin')) either.push({ initiatorEmail: { [Op.eq]: null } });

  return either.length === 0 ? { id: { [Op.eq]: null } } : { [Op.or]: either };
}

/**
 * Filters of the admin API (the console) that the public API does not have: the platform's own
 * resource types and actions (`create`, `update-scope`, `revoke`…), narrower than `resources`
 * and `types`.
 */
export interface AdminLogRowFilters {
  readonly resourceTypes?: readonly string[];
  readonly actions?: readonly string[];
}

/**
 * The project's admin-log rows matching every filter, in `(createdAt, id)` order from the cursor
 * on, with their initiators — two queries whatever the limit. The one query of admin logs: the
 * public API ({@link listAdminLogs}) and the admin API (the console) both read through it.
 *
 * @example
 * ```ts
 * const { rows, users } = await findAdminLogRows(context, { projectId: 1, limit: 51, order: 'desc' });
 * ```
 */
export async function findAdminLogRows(
  context: PlatformContext,
  query: AdminLogQuery,
  filters: AdminLogRowFilters = {},
): Promise<{ rows: AdminLogRow[]; users: Awaited<ReturnType<typeof loadUsers>> }> {
  const conditions: WhereOptions[] = [
    { projectId: query.projectId },
    { resourceType: { [Op.in]: resourceTypesOf(query.resources) } },
    keysetWhere(query.after, query.order),
    emailWhere('initiator_email', query.userEmail),
    dateRangeWhere('createdAt', query.createdAt),
    kindWhere(query.types),
    initiatorWhere(query.initiators),
  ];
  if (query.userId !== undefined) conditions.push({ initiatorId: query.userId });
  if (filters.resourceTypes) conditions.push({ resourceType: { [Op.in]: filters.resourceTypes } });
  if (filters.actions) conditions.push({ action: { [Op.in]: filters.actions } });

  const found = await context.db.models.AdminLog.findAll({
    where: { [Op.and]: conditions },
    order: keysetOrder(query.order),
    limit: query.limit,
  });
  const rows = found.map(row => row.get({ plain: true }));
  const users = await loadUsers(
    context.db,
    rows.map(row => row.initiatorId),
  );

  return { rows, users };
}

/**
 * `listAdminLogs` of the store: the project's admin logs matching every filter, in `(createdAt,
 * id)` order from the cursor on, mapped to the vendor's enums (see {@link ADMIN_LOG_RESOURCE_OF};
 * `create` → `add`, `delete`/`revoke` → `remove`, others → `update`; `administrator` when a user
 * acted, `forestAdmin` for the platform's own changes) — two queries whatever the limit.
 *
 * @example
 * ```ts
 * const items = await listAdminLogs(context, { projectId: 1, limit: 11, order: 'desc' });
 * ```
 */
export async function listAdminLogs(
  context: PlatformContext,
  query: AdminLogQuery,
): Promise<readonly AdminLogItem[]> {
  const { rows, users } = await findAdminLogRows(context, query);

  return rows.map(row => ({
    object: 'adminLog',
    id: String(row.id),
    type: kindOf(row.action),
    resource: ADMIN_LOG_RESOURCE_OF[row.resourceType] ?? 'project',
    initiator: row.initiatorEmail === null ? 'forestAdmin' : 'administrator',
    createdAt: isoDate(row.createdAt),
    ...(row.initiatorEmail === null
      ? {}
      : {
          user: wireUser(
            row.initiatorId === null ? undefined : users.get(row.initiatorId),
            row.initiatorEmail,
          ),
        }),
    ...(row.previousValues === null || row.previousValues === undefined
      ? {}
      : { previousValue: row.previousValues }),
    ...(row.newValues === null || row.newValues === undefined ? {} : { newValue: row.newValues }),
  }));
}
