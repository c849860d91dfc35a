/** The six collection rights of permissions v4. */
export const COLLECTION_RIGHTS = ['browse', 'read', 'edit', 'add', 'delete', 'export'] as const;

/** One collection right. */
export type CollectionRight = (typeof COLLECTION_RIGHTS)[number];

/** What a role may do on a collection (or with an action) that has no rights row of its own. */
export interface RoleDefaults {
  readonly collection: Readonly<Record<CollectionRight, boolean>>;
  /** Whether the role may trigger actions it has no row for. */
  readonly trigger: boolean;
  /** Whether the role may approve others' requests of actions it has no row for. */
  readonly approve: boolean;
  /** Whether the role may approve its own requests of actions it has no row for. */
  readonly selfApprove: boolean;
}

const everything: RoleDefaults = {
  collection: { browse: true, read: true, edit: true, add: true, delete: true, export: true },
  trigger: true,
  approve: false,
  selfApprove: false,
};

/**
 * The roles every project starts with, in order, and what each may do where no rights row says
 * otherwise. Admin, Developer and Editor may do everything; User may look (browse, read,
 * export) and run actions. Custom roles may do nothing until rights are given to them.
 */
export const BUILT_IN_ROLES: Readonly<Record<string, RoleDefaults>> = {
  Admin: everything,
  Developer: everything,
  Editor: everything,
  User: {
    collection: { browse: true, read: true, edit: false, add: false, delete: false, export: true },
    trigger: true,
    approve: false,
    selfApprove: false,
  },
};

/** The defaults of custom roles: nothing. */
export const CUSTOM_ROLE_DEFAULTS: RoleDefaults = {
  collection: { browse: false, read: false, edit: false, add: false, delete: false, export: false },
  trigger: false,
  approve: false,
  selfApprove: false,
};

/**
 * The defaults of every role in sandbox mode (the test kit's permissive platform): everything,
 * approvals included, unless a rights row (a test's permission override) says otherwise.
 */
export const SANDBOX_ROLE_DEFAULTS: RoleDefaults = {
  collection: everything.collection,
  trigger: true,
  approve: true,
  selfApprove: true,
};

/**
 * The defaults of a role, from its name when it is built in.
 *
 * @example
 * ```ts
 * roleDefaults({ name: 'User', builtIn: true }).collection.delete; // false
 * ```
 */
export function roleDefaults(role: { name: string; builtIn: boolean }): RoleDefaults {
  return (role.builtIn ? BUILT_IN_ROLES[role.name] : undefined) ?? CUSTOM_ROLE_DEFAULTS;
}

/** The name of the team every project starts with. */
export const DEFAULT_TEAM = 'Operations';
