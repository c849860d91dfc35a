import { ForbiddenError } from '@grove/datasource-toolkit';
import type { Collection, Projection } from '@grove/datasource-toolkit';
import type { AgentServices } from '../http/agent-services';
import type { RequestUser } from '../permissions/authorization';

/**
 * Refuses a filter or a sort that reaches through a relation into a collection the caller may
 * not browse (README "Permissions"): `filters` on `customer:name` or `sort=customer.name` would
 * otherwise be a blind oracle on `customers`, even though the embedded relation itself is
 * hidden. Each relation of the path is checked, level by level. The caller's scope is not
 * checked here: scopes are written by admins and may reach anywhere.
 *
 * @param services - The authorization service.
 * @param caller - Who filters or sorts.
 * @param collection - The collection the paths start from.
 * @param paths - The fields the request filters or sorts on.
 * @throws ForbiddenError `Forbidden: "customer:name" needs the browse right on "customers"`.
 *
 * @example
 * ```ts
 * await assertBrowsablePaths(services, caller, orders, filter.conditionTree.projection);
 * ```
 */
export async function assertBrowsablePaths(
  services: AgentServices,
  caller: RequestUser,
  collection: Collection,
  paths: Projection,
  prefix = '',
): Promise<void> {
  for (const [name, sub] of Object.entries(paths.relations)) {
    const field = collection.schema.fields[name];
    if (!field || field.type === 'Column') continue;
    if (!(await services.authorization.can(caller, 'browse', field.foreignCollection))) {
      const path = `${prefix}${name}:${sub.paths[0] ?? ''}`;
      throw new ForbiddenError(
        `Forbidden: "${path}" needs the browse right on "${field.foreignCollection}"`,
      );
    }
    const foreign = collection.dataSource.getCollection(field.foreignCollection);
    await assertBrowsablePaths(services, caller, foreign, sub, `${prefix}${name}:`);
  }
}
