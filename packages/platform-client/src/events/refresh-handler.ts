import type { Logger } from '@grove/datasource-toolkit';
import type { PermissionService } from '../permissions/permission-service';
import type { ServerSentEvent } from './sse-parser';

function renderingIds(data: string): number[] | undefined {
  try {
    const ids: unknown = (JSON.parse(data) as { renderingIds?: unknown }).renderingIds;

    return Array.isArray(ids) ? ids.map(Number).filter(Number.isFinite) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Maps platform events to cache invalidations: `refresh-users`, `refresh-roles`,
 * `refresh-renderings` (`{"renderingIds":[…]}`; unreadable data drops every rendering) and
 * `refresh-customizations`. A reopened stream may have missed events, so it drops everything.
 *
 * @example
 * ```ts
 * const { onEvent, onReopen } = refreshHandler(permissions, logger, () => agent.restart());
 * ```
 */
export function refreshHandler(
  permissions: PermissionService,
  logger: Logger,
  onRefreshCustomizations?: () => void | Promise<void>,
) {
  const refreshCustomizations = () => {
    if (!onRefreshCustomizations) return;
    Promise.resolve()
      .then(onRefreshCustomizations)
      .catch(error => logger('Error', 'refreshing customizations failed', error));
  };

  return {
    onEvent(event: ServerSentEvent): void {
      if (event.event === 'refresh-users') permissions.invalidate('users');
      else if (event.event === 'refresh-roles') permissions.invalidate('environment');
      else if (event.event === 'refresh-renderings') {
        permissions.invalidate('renderings', renderingIds(event.data));
      } else if (event.event === 'refresh-customizations') refreshCustomizations();
    },
    onReopen(): void {
      logger('Debug', 'event stream reopened: dropping every permission cache');
      permissions.invalidate('all');
      refreshCustomizations();
    },
  };
}
