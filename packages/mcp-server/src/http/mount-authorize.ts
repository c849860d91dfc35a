import express from 'express';
import type { Request, Response, Router } from 'express';

import type { McpPlatform } from '../platform/mcp-platform';
import { oauthError, param } from './oauth-error';
import { resolveClient } from './resolve-client';

/** What {@link mountAuthorize} needs. */
export interface AuthorizeRouteOptions {
  readonly path: string;
  readonly platform: McpPlatform;
  readonly environmentId: number;
  readonly allowedOAuthClients: readonly string[] | undefined;
}

/**
 * `GET|POST /oauth/authorize` (docs/mcp.md#authorization): client and redirect URI checked (errors
 * as JSON 400, `invalid_client` for unknown or unapproved clients), then `response_type=code` and
 * PKCE S256 (errors redirected to the client), then a 302 to the platform's login and consent page
 * with the environment.
 *
 * @example
 * ```ts
 * mountAuthorize(router, { path: '/oauth/authorize', platform, environmentId, allowedOAuthClients });
 * ```
 */
export function mountAuthorize(router: Router, options: AuthorizeRouteOptions): void {
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 32 });
  const handler = async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    const input = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
    const client = await resolveClient(
      res,
      options.platform,
      param(input.client_id),
      options.allowedOAuthClients,
    );
    if (!client) return;
    const requested = param(input.redirect_uri);
    const redirectUri =
      requested ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
    if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
      oauthError(res, 400, 'invalid_request', 'Unregistered redirect_uri');

      return;
    }
    const state = param(input.state);
    const fail = (error: string, description: string) => {
      const url = new URL(redirectUri);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (state !== undefined) url.searchParams.set('state', state);
      res.redirect(302, url.href);
    };
    if (input.response_type !== 'code') {
      fail('unsupported_response_type', 'response_type must be code');

      return;
    }
    const challenge = param(input.code_challenge);
    if (!challenge || !/^[A-Za-z0-9_-]{43,128}$/.test(challenge)) {
      fail('invalid_request', 'code_challenge is required (PKCE)');

      return;
    }
    if (input.code_challenge_method !== 'S256') {
      fail('invalid_request', 'code_challenge_method must be S256');

      return;
    }
    const target = new URL(options.platform.url('/oauth/authorize'));
    const scope = param(input.scope);
    const resource = param(input.resource);
    if (resource !== undefined && !URL.canParse(resource)) {
      fail('invalid_target', 'resource must be a URL');

      return;
    }
    const query: Record<string, string | undefined> = {
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
      client_id: param(input.client_id),
      state,
      scope,
      resource,
      environmentId: String(options.environmentId),
    };
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) target.searchParams.set(key, value);
    }
    res.redirect(302, target.href);
  };
  const safe = (req: Request, res: Response) => {
    handler(req, res).catch(() =>
      oauthError(res, 502, 'server_error', 'The platform is unreachable'),
    );
  };
  router.get(options.path, safe);
  router.post(
    options.path,
    (req, res, next) => {
      form(req, res, error => {
        if (error) oauthError(res, 400, 'invalid_request', 'The body is malformed or too large');
        else next();
      });
    },
    safe,
  );
}
