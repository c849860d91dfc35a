import express from 'express';

import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * SANDBOX MODE ONLY, TO BE REPLACED by the platform's OpenID provider at `/oidc` once it lands:
 * OIDC discovery, dynamic client registration (always client `grove-sandbox-client`, 201) and
 * an empty key set. Enough for an agent's `/forest/authentication` route to build an
 * authorization URL; test kits sign user tokens themselves, so no authorization or token
 * endpoint is served. The issuer is `<publicUrl>/oidc`.
 *
 * @example
 * ```ts
 * if (context.mode === 'sandbox') mountSandboxOidc(router, context);
 * ```
 */
export const mountSandboxOidc: PlatformRouteMounter = (router, context) => {
  const issuer = `${context.publicUrl}/oidc`;

  router.get('/oidc/.well-known/openid-configuration', (_req, res) => {
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
  router.post('/oidc/reg', express.json({ limit: 16 * 1024 }), (req, res) => {
    const redirectUris: unknown = (req.body as { redirect_uris?: unknown } | undefined)
      ?.redirect_uris;
    res.status(201).json({
      client_id: 'grove-sandbox-client',
      token_endpoint_auth_method: 'none',
      response_types: ['code'],
      grant_types: ['authorization_code'],
      ...(Array.isArray(redirectUris) ? { redirect_uris: redirectUris } : {}),
    });
  });

  router.get('/oidc/jwks', (_req, res) => {
    res.json({ keys: [] });
  });
};
