import { ValidationError } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';

/**
 * `POST /scope-cache-invalidation` (docs/agent-protocol.md#scope-cache-invalidation): drops the
 * cached permissions of a rendering.
 *
 * @example
 * ```ts
 * mountScopeInvalidation(router, services);
 * ```
 */
export const mountScopeInvalidation: RouteMounter = (router, services) => {
  router.post('/scope-cache-invalidation', (request, response) => {
    const raw = (request.body as { renderingId?: unknown } | undefined)?.renderingId;
    // Only a number or a numeric text: an object's `toString` / `valueOf` is never called.
    const renderingId = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
    if (!Number.isInteger(renderingId)) throw new ValidationError('Malformed body');
    services.authorization.invalidateRendering(renderingId);
    response.status(204).end();
  });
};
