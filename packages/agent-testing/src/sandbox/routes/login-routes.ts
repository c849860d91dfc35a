import { Router, type Request } from 'express';
import { requireEnvSecret } from '../sandbox-context';

function issuerOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? '127.0.0.1'}/oidc`;
}

/**
 * OIDC discovery, dynamic client registration and an empty key set: enough for an agent's
 * `/forest/authentication` route to build an authorization URL. Tests sign user tokens
 * themselves, so no authorization or token endpoint is served.
 *
 * @example
 * ```ts
 * app.use(loginRoutes());
 * ```
 */
export function loginRoutes(): Router {
  const router = Router();

  router.get('/oidc/.well-known/openid-configuration', (req, res) => {
    const issuer = issuerOf(req);
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/reg`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      token_endpoint_auth_methods_supported: ['none'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
    });
  });

  // The agent registers with its env secret as the RFC 7591 initial access token; the openid
  // client library accepts nothing but a 201 here.
  router.post('/oidc/reg', (req, res) => {
    res.status(201).json({
      client_id: 'grove-sandbox-client',
      token_endpoint_auth_method: 'none',
      response_types: ['code'],
      grant_types: ['authorization_code'],
      ...(typeof req.body?.redirect_uris === 'object'
        ? { redirect_uris: req.body.redirect_uris }
        : {}),
    });
  });

  router.get('/oidc/jwks', (_req, res) => {
    res.json({ keys: [] });
  });

  router.get('/liana/environment', requireEnvSecret, (_req, res) => {
    res.json({ data: { id: '1', type: 'environments', attributes: { api_endpoint: null } } });
  });

  return router;
}
