import { GroveError, ValidationError, isGroveError } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { signSessionToken } from '@grove/platform-client';

/**
 * The lifetime of the session tokens the agent issues: one hour
 * (docs/agent-protocol.md#session-tokens).
 */
export const sessionTokenLifetimeSeconds = 3600;

function renderingIdFromState(state: unknown): number {
  try {
    const renderingId = (JSON.parse(String(state)) as { renderingId?: unknown }).renderingId;
    if (renderingId !== null && renderingId !== '' && Number.isInteger(Number(renderingId))) {
      return Number(renderingId);
    }
  } catch {
    // Fall through to the protocol's error.
  }
  throw new ValidationError('Failed to retrieve renderingId from query[state]');
}

/**
 * The login routes (public, docs/agent-protocol.md#login): `POST /authentication` answers the
 * platform's OIDC authorization URL; `GET /authentication/callback` exchanges the code, fetches the
 * user and answers the agent's HS256 session token signed with `authSecret`.
 *
 * @example
 * ```ts
 * mountAuthentication(router, services);
 * ```
 */
export const mountAuthentication: RouteMounter = (router, services) => {
  router.post('/authentication', async (request, response) => {
    const renderingId = (request.body as { renderingId?: unknown } | undefined)?.renderingId;
    if (renderingId === undefined || renderingId === '' || !Number.isFinite(Number(renderingId))) {
      throw new ValidationError('Rendering id must be a number');
    }
    const authorizationUrl = await services.platform.login.getAuthorizationUrl(Number(renderingId));
    response.json({ authorizationUrl });
  });

  router.get('/authentication/callback', async (request, response) => {
    const { code, state } = request.query;
    renderingIdFromState(state);
    try {
      const user = await services.platform.login.loginWithCode(String(code ?? ''), String(state));
      const token = await signSessionToken(
        { ...user },
        { secret: services.options.authSecret, expiresInSeconds: sessionTokenLifetimeSeconds },
      );
      const tokenData = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as unknown;
      response.json({ token, tokenData });
    } catch (error) {
      if (isGroveError(error, 'ForbiddenError')) {
        response.status(403).json({ error: 403, error_description: error.message });
      } else if (isGroveError(error, 'UnauthorizedError')) {
        response.status(401).json({
          error: 'invalid_request',
          error_description: error.message,
          state: String(state),
        });
      } else {
        throw error instanceof Error ? error : new GroveError('InternalServerError', String(error));
      }
    }
  });
};
