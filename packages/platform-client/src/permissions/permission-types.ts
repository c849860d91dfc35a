import type { PermissionLevel, PlainConditionTree } from '@grove/datasource-toolkit';

/** A right: everyone (`true`), no one (`false`), or the listed roles. */
export type Right = boolean | { readonly roles: readonly number[] };

/** A condition attached to one role of a right. */
export interface RoleCondition {
  readonly roleId: number;
  readonly filter: PlainConditionTree;
}

/** The six rights of a collection. */
export type CollectionRight = 'browse' | 'read' | 'edit' | 'add' | 'delete' | 'export';

/** The rights of a collection as the platform sends them. */
export interface CollectionPermissions {
  readonly collection: Partial<Record<`${CollectionRight}Enabled`, Right>>;
  readonly actions?: Readonly<Record<string, ActionPermissions>>;
}

/** The rights of one action (keyed by its display name). */
export interface ActionPermissions {
  readonly triggerEnabled?: Right;
  readonly triggerConditions?: readonly RoleCondition[];
  readonly approvalRequired?: Right;
  readonly approvalRequiredConditions?: readonly RoleCondition[];
  readonly userApprovalEnabled?: Right;
  readonly userApprovalConditions?: readonly RoleCondition[];
  readonly selfApprovalEnabled?: Right;
}

/** `GET /liana/v4/permissions/environment`: `true` in development, else rights per collection. */
export type EnvironmentPermissions =
  true | { readonly collections: Readonly<Record<string, CollectionPermissions>> };

/** One user of the environment (`GET /liana/v4/permissions/users`). */
export interface PlatformUser {
  readonly id: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly fullName: string;
  readonly email: string;
  readonly permissionLevel: PermissionLevel;
  readonly tags: Readonly<Record<string, string>>;
  readonly roleId: number;
}

/** What a rendering holds for one collection. */
export interface RenderingCollection {
  readonly scope: PlainConditionTree | null;
  readonly segments?: readonly string[];
  readonly liveQuerySegments?: readonly { connectionName: string; query: string }[];
}

/** `GET /liana/v4/permissions/renderings/<id>`. */
export interface RenderingPermissions {
  readonly team: { readonly id: number; readonly name: string };
  readonly collections: Readonly<Record<string, RenderingCollection>>;
  readonly stats: readonly Record<string, unknown>[];
}

/** The part of the agent's user a permission check needs (a subset of the agent JWT). */
export interface PermissionUser {
  readonly id: number;
  readonly renderingId: number;
  readonly permissionLevel?: PermissionLevel;
}
