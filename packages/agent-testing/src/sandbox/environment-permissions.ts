import {
  buildEnvironmentPermissions as buildFromRows,
  overrideRightsRows,
  SANDBOX_ROLE_DEFAULTS,
} from '@grove/platform';
import type { EnvironmentPermissions, PermissionOverride, SandboxSchema } from '@grove/platform';
import { sandboxUser } from './sandbox-user';

/**
 * What a sandbox answers to `GET /liana/v4/permissions/environment` for a schema and an
 * override, computed offline by the platform's own code: the override becomes the rights rows
 * of the sandbox user's role (`overrideRightsRows`), and the rights are built from those rows
 * with the sandbox's permissive defaults (`buildEnvironmentPermissions`). Without a schema and
 * an override it answers `true`, the development environment where the agent grants everything.
 *
 * @example
 * ```ts
 * buildEnvironmentPermissions({ collections: [{ name: 'orders', actions: [] }] }, {
 *   orders: { collection: { deleteEnabled: false } },
 * }).collections.orders.collection.deleteEnabled; // false
 * ```
 */
export function buildEnvironmentPermissions(
  schema: SandboxSchema | undefined,
  override: PermissionOverride,
): true | EnvironmentPermissions {
  if (schema === undefined && Object.keys(override).length === 0) return true;

  return buildFromRows({
    roles: [{ id: sandboxUser.roleId, name: sandboxUser.role, builtIn: true }],
    schemaCollections: (schema?.collections ?? []).map(collection => ({
      name: collection.name,
      actions: collection.actions.map(name => ({ name })),
    })),
    ...overrideRightsRows(sandboxUser.roleId, override),
    defaults: () => SANDBOX_ROLE_DEFAULTS,
  });
}
