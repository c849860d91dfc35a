import express from 'express';
import type { Request, RequestHandler, Response, Router } from 'express';

import { signMcpSession, verifyMcpSession } from '../auth/mcp-session-token';
import type { McpTokenTtl } from '../options/mcp-router-options';
import type { McpPlatform, PlatformAnswer } from '../platform/mcp-platform';
import { oauthError, param } from './oauth-error';
import { resolveClient } from './resolve-client';

/** What {@link mountToken} needs. */
export interface TokenRouteOptions {
  readonly path: string;
  readonly platform: McpPlatform;
  readonly envSecret: string;
  readonly allowedOAuthClients: readonly string[] | undefined;
  readonly tokenTtl: McpTokenTtl;
}

const json = express.json({ limit: '16kb' });
const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 16 });
const parseBody: RequestHandler = (req, res, next) => {
  const parser = req.is('application/x-www-form-urlencoded') ? form : json;
  parser(req, res, error => {
    if (error) oauthError(res, 400, 'invalid_request', 'The body is malformed or too large');
    else next();
  });
};

/**
 * `POST /oauth/token` (docs/mcp.md#token-endpoint): the code and refresh grants relayed to the
 * platform with the env secret. The access token is the platform's (its `expires_in` capped by
 * `tokenTtl.accessTokenSeconds`); the refresh token wraps the platform's with the session start, so
 * that `tokenTtl.refreshTokenSeconds` bounds the session from the login.
 *
 * @example
 * ```ts
 * mountToken(router, { path: '/oauth/token', platform, envSecret, allowedOAuthClients, tokenTtl });
 * ```
 */
export function mountToken(router: Router, options: TokenRouteOptions): void {
  const { platform, envSecret, tokenTtl } = options;

  const answer = async (
    res: Response,
    relayed: PlatformAnswer,
    startedAt: number,
    clientId: string,
  ) => {
    const body = relayed.body;
    if (relayed.status !== 200 || typeof body.access_token !== 'string') {
      oauthError(
        res,
        400,
        typeof body.error === 'string' ? body.error : 'server_error',
        typeof body.error_description === 'string'
          ? body.error_description
          : 'The token request failed',
      );

      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const upstream = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    const session =
      tokenTtl.refreshTokenSeconds === undefined
        ? Infinity
        : startedAt + tokenTtl.refreshTokenSeconds - now;
    const expiresIn = Math.max(
      1,
      Math.min(upstream, session, tokenTtl.accessTokenSeconds ?? Infinity),
    );
    res.set('Cache-Control', 'no-store').json({
      access_token: body.access_token,
      token_type: 'Bearer',
      expires_in: expiresIn,
      scope: body.scope,
      ...(typeof body.refresh_token === 'string'
        ? {
            refresh_token: await signMcpSession(
              { refreshToken: body.refresh_token, clientId, startedAt },
              envSecret,
              tokenTtl.refreshTokenSeconds,
            ),
          }
        : {}),
    });
  };

  const handler = async (req: Request, res: Response) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const grantType = param(body.grant_type);
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      oauthError(
        res,
        400,
        grantType ? 'unsupported_grant_type' : 'invalid_request',
        grantType ? 'The grant type is not supported' : 'grant_type is required',
      );

      return;
    }
    const clientId = param(body.client_id);
    const client = await resolveClient(res, platform, clientId, options.allowedOAuthClients);
    if (!client || !clientId) return;

    if (grantType === 'authorization_code') {
      const code = param(body.code);
      const verifier = param(body.code_verifier);
      if (!code || !verifier) {
        oauthError(res, 400, 'invalid_request', 'code and code_verifier are required');

        return;
      }
      const redirectUri = param(body.redirect_uri);
      const relayed = await platform.token({
        grant_type: grantType,
        code,
        code_verifier: verifier,
        client_id: clientId,
        ...(redirectUri === undefined ? {} : { redirect_uri: redirectUri }),
      });
      await answer(res, relayed, Math.floor(Date.now() / 1000), clientId);

      return;
    }

    const session = await verifyMcpSession(param(body.refresh_token) ?? '', envSecret);
    if (session === 'expired' || session === null) {
      oauthError(
        res,
        400,
        'invalid_grant',
        session === 'expired' ? 'Refresh token has expired' : 'Invalid refresh token',
      );

      return;
    }
    if (session.clientId !== clientId) {
      oauthError(res, 400, 'invalid_client', 'Token was not issued to this client');

      return;
    }
    const scope = param(body.scope);
    const relayed = await platform.token({
      grant_type: grantType,
      refresh_token: session.refreshToken,
      client_id: clientId,
      ...(scope === undefined ? {} : { scope }),
    });
    await answer(res, relayed, session.startedAt, clientId);
  };

  router.post(options.path, parseBody, (req, res) => {
    handler(req, res).catch(() =>
      oauthError(res, 400, 'invalid_request', 'Failed to exchange the token with the platform'),
    );
  });
}
