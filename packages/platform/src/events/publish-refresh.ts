import type { PlatformContext } from '../platform-context';
import type { PlatformEventName } from './platform-event-bus';

/** The environments that must drop a cache after an administrative change. */
export type RefreshTarget =
  /** Every environment of a project (users, roles and rights are per project). */
  | { readonly event: 'refresh-users' | 'refresh-roles'; readonly projectId: number }
  /** One environment (its production flag changed). */
  | { readonly event: 'refresh-users' | 'refresh-roles'; readonly environmentId: number }
  /** Some renderings of one environment. */
  | {
      readonly event: 'refresh-renderings';
      readonly environmentId: number;
      readonly renderingIds: readonly number[];
    };

/**
 * Publishes the refresh events of a committed change to every environment concerned
 * (docs/platform-protocol.md#event-stream): one event per environment and name, rendering ids
 * merged. Called after the commit, never inside the transaction, so that an agent refetching at
 * once sees the new values. A failure to publish is logged, not thrown: the change is made, and
 * agents also refresh on reconnect.
 *
 * @example
 * ```ts
 * await publishRefresh(context, [{ event: 'refresh-roles', projectId: 1 }]);
 * ```
 */
export async function publishRefresh(
  context: PlatformContext,
  targets: readonly RefreshTarget[],
): Promise<void> {
  const byKey = new Map<
    string,
    { environmentId: number; name: PlatformEventName; ids: number[] }
  >();
  const add = (environmentId: number, name: PlatformEventName, ids: readonly number[] = []) => {
    const key = `${environmentId}:${name}`;
    const entry = byKey.get(key) ?? { environmentId, name, ids: [] };
    entry.ids.push(...ids.filter(id => !entry.ids.includes(id)));
    byKey.set(key, entry);
  };

  try {
    for (const target of targets) {
      if (target.event === 'refresh-renderings') {
        add(target.environmentId, target.event, target.renderingIds);
      } else if ('projectId' in target) {
        const environments = await context.db.models.Environment.findAll({
          where: { projectId: target.projectId },
          attributes: ['id'],
        });
        for (const environment of environments) add(environment.id, target.event);
      } else {
        add(target.environmentId, target.event);
      }
    }
    for (const { environmentId, name, ids } of byKey.values()) {
      if (name === 'refresh-renderings' && ids.length === 0) continue;
      await context.events.publish({
        environmentId,
        name,
        data: name === 'refresh-renderings' ? { renderingIds: ids } : {},
      });
    }
  } catch (error) {
    context.logger('Error', `Could not publish refresh events: ${(error as Error).message}`);
  }
}
