import type { WireUser } from './activity-log-types';
import type { DateRange, ListOrder, LogCursor } from './list-query-types';

/** The admin-log kinds of change (docs/public-api.md#admin-logs). */
export const ADMIN_LOG_TYPES = ['add', 'remove', 'update', 'initial'] as const;
/** Who made an admin change. */
export const ADMIN_LOG_INITIATORS = ['administrator', 'identityProvider', 'forestAdmin'] as const;
/**
 * The admin-log resources: the vendor's four, then Grove's (projects, renderings, rights,
 * invitations, API tokens, workflows).
 */
export const ADMIN_LOG_RESOURCES = [
  'user-project',
  'role',
  'team',
  'environment',
  'project',
  'rendering',
  'role-rights',
  'invitation',
  'api-token',
  'workflow',
] as const;

/** An admin log on the wire (docs/public-api.md#admin-logs). */
export interface AdminLogItem {
  readonly object: 'adminLog';
  readonly id: string;
  readonly type: (typeof ADMIN_LOG_TYPES)[number];
  readonly resource: (typeof ADMIN_LOG_RESOURCES)[number];
  readonly initiator: (typeof ADMIN_LOG_INITIATORS)[number];
  readonly createdAt: string;
  readonly user?: WireUser;
  readonly previousValue?: unknown;
  readonly newValue?: unknown;
}

/** The filters of `GET …/admin-logs` once validated. */
export interface AdminLogQuery {
  readonly projectId: number;
  readonly limit: number;
  readonly order: ListOrder;
  readonly after?: LogCursor;
  readonly userEmail?: string;
  readonly userId?: number;
  readonly types?: readonly AdminLogItem['type'][];
  readonly initiators?: readonly AdminLogItem['initiator'][];
  readonly resources?: readonly AdminLogItem['resource'][];
  readonly createdAt?: DateRange;
}
