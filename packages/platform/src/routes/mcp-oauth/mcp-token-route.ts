import express from 'express';
import type { RequestHandler, Response } from 'express';

import { findEnvironmentBySecret } from '../../auth/env-secret';
import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { callProviderEndpoint } from '../../oidc/call-provider-endpoint';
import { environmentOfResource } from '../../oidc/mcp-resource';
import { unwrapMcpRefreshToken, wrapMcpRefreshToken } from '../../oidc/mcp-refresh-token';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { checkBodyShape } from '../../http/check-body-shape';

const BODY_LIMIT = '16kb';
const json = express.json({ verify: checkBodyShape, limit: BODY_LIMIT });
const form = express.urlencoded({
  verify: checkBodyShape,
  extended: false,
  limit: BODY_LIMIT,
  parameterLimit: 16,
});

/** Parses a JSON or form body (16 KiB); a malformed one is an OAuth `invalid_request`. */
const parseBody: RequestHandler = (req, res, next) => {
  const parser = req.is('application/x-www-form-urlencoded') ? form : json;
  parser(req, res, error => {
    if (error) oauthError(res, 400, 'invalid_request', 'The body is malformed or too large');
    else next();
  });
};

function oauthError(res: Response, status: number, error: string, description: string): void {
  res.status(status).json({ error, error_description: description });
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;

/**
 * `POST /oauth/token` (docs/mcp.md#platform-calls, docs/mcp.md#token-endpoint), called by the MCP
 * server with the environment's secret in `forest-secret-key` (checked before the body is read) and
 * a JSON or form body: `authorization_code` {code, redirect_uri, client_id, code_verifier} or
 * `refresh_token` {refresh_token, client_id, scopes?} (narrowed to the granted scopes). The
 * provider's token endpoint does the work (PKCE, code replay, client and redirect checks,
 * rotation); this route checks that the code or refresh token was issued for the secret's
 * environment and answers `{access_token, refresh_token, expires_in, token_type, scope}`: the
 * access token is the provider's RS256 JWT (`meta.renderingId`, `scope`, `exp`), the refresh token
 * the provider's, wrapped in a JWT with its `exp`.
 *
 * @example
 * ```ts
 * mountMcpToken(router, context);
 * ```
 */
export const mountMcpToken: PlatformRouteMounter = (router, context) => {
  router.post(
    '/oauth/token',
    handle(async (req, res, next) => {
      res.set('Cache-Control', 'no-store');
      const environment = await findEnvironmentBySecret(
        context.db,
        req.get('forest-secret-key') ?? '',
      );
      if (!environment) {
        oauthError(res, 401, 'invalid_client', 'The environment secret is missing or unknown');

        return;
      }
      res.locals.mcpEnvironmentId = environment.id;
      next();
    }),
    parseBody,
    handle(async (req, res) => {
      const environmentId = res.locals.mcpEnvironmentId as number;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const grantType = text(body.grant_type);
      const clientId = text(body.client_id);
      if (!grantType) {
        oauthError(res, 400, 'invalid_request', 'grant_type is required');

        return;
      }
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
        oauthError(res, 400, 'unsupported_grant_type', `unsupported grant_type ${grantType}`);

        return;
      }
      if (!clientId) {
        oauthError(res, 400, 'invalid_request', 'client_id is required');

        return;
      }
      const provider = await oidcProvider(context);
      let form: Record<string, string>;

      if (grantType === 'authorization_code') {
        const code = text(body.code);
        const verifier = text(body.code_verifier);
        const redirectUri = text(body.redirect_uri);
        if (!code || !verifier) {
          oauthError(res, 400, 'invalid_request', 'code and code_verifier are required');

          return;
        }
        const stored = /^[\w-]{1,128}$/.test(code)
          ? await provider.AuthorizationCode.find(code, { ignoreExpiration: true })
          : undefined;
        if (stored && environmentOfResource(stored.resource) !== environmentId) {
          oauthError(res, 400, 'invalid_grant', 'This code was not issued for this environment');

          return;
        }
        form = { grant_type: grantType, code, code_verifier: verifier, client_id: clientId };
        if (redirectUri) form.redirect_uri = redirectUri;
      } else {
        const inner = await unwrapMcpRefreshToken(context, text(body.refresh_token) ?? '');
        if (!inner) {
          oauthError(res, 400, 'invalid_grant', 'Invalid refresh token');

          return;
        }
        const stored = await provider.RefreshToken.find(inner.token, { ignoreExpiration: true });
        if (stored && environmentOfResource(stored.resource) !== environmentId) {
          oauthError(res, 400, 'invalid_grant', 'This token was not issued for this environment');

          return;
        }
        form = { grant_type: grantType, refresh_token: inner.token, client_id: clientId };
        const requested = Array.isArray(body.scopes)
          ? body.scopes.filter((scope): scope is string => typeof scope === 'string')
          : (text(body.scope)?.split(' ').filter(Boolean) ?? []);
        if (requested.length > 0) {
          // Narrowed to what was granted (the relaying MCP server may send every scope the
          // client registered); nothing beyond the grant is ever issued.
          const granted = String(stored?.scope ?? '').split(' ');
          const scopes = requested.filter(scope => granted.includes(scope));
          if (scopes.length === 0) {
            oauthError(res, 400, 'invalid_scope', 'None of these scopes was granted');

            return;
          }
          form.scope = scopes.join(' ');
        }
      }

      const { status, body: answer } = await callProviderEndpoint(provider, {
        path: '/token',
        encoding: 'form',
        body: form,
        publicUrl: context.publicUrl,
      });
      if (status !== 200) {
        res.status(status >= 500 ? 500 : 400).json({
          error: answer.error ?? 'server_error',
          error_description: answer.error_description ?? 'The token request failed',
        });

        return;
      }
      const refresh =
        typeof answer.refresh_token === 'string'
          ? await provider.RefreshToken.find(answer.refresh_token)
          : undefined;
      if (!refresh || typeof answer.access_token !== 'string') {
        oauthError(res, 400, 'invalid_grant', 'No refresh token was issued for this grant');

        return;
      }
      res.json({
        access_token: answer.access_token,
        refresh_token: await wrapMcpRefreshToken(context, {
          token: refresh.jti,
          clientId: String(refresh.clientId),
          expiresAt: refresh.exp ?? 0,
        }),
        expires_in: answer.expires_in,
        token_type: 'Bearer',
        scope: answer.scope,
      });
    }),
  );
};
