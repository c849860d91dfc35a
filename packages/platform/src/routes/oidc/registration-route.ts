import { ENV_SECRET_HEADER } from '../../http/middlewares/require-environment';
import { limitRegistrations } from '../../http/middlewares/limit-registrations';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH } from '../../oidc/create-oidc-provider';
import {
  ANONYMOUS_REGISTRATION_TOKEN,
  MCP_REGISTRATION_TOKEN,
} from '../../oidc/registration-policies';
import { provisionSandboxEnvironment } from '../../sandbox/provision-sandbox-environment';

/**
 * In front of `POST /oidc/reg` (dynamic registration, RFC 7591). The provider requires an initial
 * access token on every registration: agents send their env secret; a registration without
 * `Authorization` (the CLI, docs/platform-protocol.md#cli-login) is given the anonymous token,
 * whose policy only admits native public device-flow clients. Anonymous registrations are limited
 * per IP address (each one stores a client). In sandbox mode a registration with an env secret
 * (Bearer or `forest-secret-key`) provisions that secret's environment first, as every sandbox
 * route does.
 *
 * @example
 * ```ts
 * mountRegistrationGuard(router, context); // before mountOidcProvider
 * ```
 */
export const mountRegistrationGuard: PlatformRouteMounter = (router, context) => {
  const limit = limitRegistrations(context);

  router.post(`${OIDC_PATH}/reg`, (req, res, next) => {
    const authorization = req.headers.authorization;
    if (
      authorization !== undefined &&
      [ANONYMOUS_REGISTRATION_TOKEN, MCP_REGISTRATION_TOKEN].some(token =>
        authorization.includes(token),
      )
    ) {
      // These tokens are only ever given by the platform itself (here and in POST
      // /oauth/register): a caller sending one would skip the rate limits.
      res.status(401).json({ error: 'invalid_token', error_description: 'invalid token provided' });

      return;
    }
    if (context.mode === 'sandbox') {
      // The test kit's agents register with their env secret (as Bearer, or only in
      // forest-secret-key): an unknown secret provisions its environment first.
      const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
      const secret = bearer ?? req.get(ENV_SECRET_HEADER);
      if (secret) {
        provisionSandboxEnvironment(context, secret).then(() => {
          req.headers.authorization = `Bearer ${secret}`;
          next();
        }, next);

        return;
      }
    }
    if (authorization !== undefined) {
      next();

      return;
    }
    limit(req, res, () => {
      req.headers.authorization = `Bearer ${ANONYMOUS_REGISTRATION_TOKEN}`;
      next();
    });
  });
};
