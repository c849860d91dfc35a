import type { Response } from 'express';

import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH } from '../../oidc/create-oidc-provider';
import { sendHtml } from '../../oidc/interaction-support';
import { mcpClientRecord } from '../../oidc/mcp-client-record';
import { environmentResource, splitMcpScope } from '../../oidc/mcp-resource';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { errorPage } from '../../oidc/pages/device-pages';

const one = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 2048 ? value : undefined;

/** Sends the browser back to the client with an OAuth error (RFC 6749 §4.1.2.1). */
function redirectError(
  res: Response,
  redirectUri: string,
  state: string | undefined,
  error: string,
  description: string,
): void {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state !== undefined) url.searchParams.set('state', state);
  res.redirect(303, url.href);
}

/**
 * `GET /oauth/authorize` — the "app URL" page the MCP server sends the user to
 * (docs/mcp.md#authorization): `client_id`, `redirect_uri` (registered, exactly),
 * `response_type=code`, `code_challenge` with `code_challenge_method=S256`, `scope` (within the
 * client's `mcp:*` scopes, space- or `+`-joined), `state`, `resource` (ignored: the MCP server's
 * URL) and `environmentId`. Errors on the client or redirect URI are shown as a page; the others go
 * back to the redirect URI. Then the provider's authorization runs (login, consent showing the
 * environment), bound to the environment through its resource indicator, and the provider redirects
 * with `code` and `state`.
 *
 * @example
 * ```ts
 * mountMcpAuthorize(router, context);
 * ```
 */
export const mountMcpAuthorize: PlatformRouteMounter = (router, context) => {
  router.get(
    '/oauth/authorize',
    handle(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const query = req.query as Record<string, unknown>;
      const clientId = one(query.client_id);
      const provider = await oidcProvider(context);
      const client =
        clientId && /^[\w-]{1,128}$/.test(clientId)
          ? await provider.Client.find(clientId)
          : undefined;
      const record = client ? mcpClientRecord(client.metadata()) : null;
      if (!record) {
        sendHtml(res, errorPage('invalid_client', 'This application is not registered.'), 400);

        return;
      }
      const requested = one(query.redirect_uri);
      const redirectUri =
        requested ?? (record.redirect_uris.length === 1 ? record.redirect_uris[0] : undefined);
      if (!redirectUri || !record.redirect_uris.includes(redirectUri)) {
        sendHtml(
          res,
          errorPage('invalid_request', 'The redirect URI is not registered for this application.'),
          400,
        );

        return;
      }
      const state = one(query.state);
      const fail = (error: string, description: string) =>
        redirectError(res, redirectUri, state, error, description);

      if (query.response_type !== 'code') {
        fail('unsupported_response_type', 'response_type must be code');

        return;
      }
      const challenge = one(query.code_challenge);
      if (!challenge || query.code_challenge_method !== 'S256') {
        fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method S256');

        return;
      }
      const allowed = record.scope.split(' ');
      const scopes = query.scope === undefined ? allowed : splitMcpScope(one(query.scope));
      if (scopes.length === 0 || !scopes.every(scope => allowed.includes(scope))) {
        fail('invalid_scope', `scope must be within ${record.scope}`);

        return;
      }
      const environmentId = one(query.environmentId);
      const environment =
        environmentId && /^[1-9]\d{0,9}$/.test(environmentId)
          ? await context.db.models.Environment.findByPk(Number(environmentId))
          : null;
      if (!environment) {
        fail('invalid_request', 'environmentId must name an existing environment');

        return;
      }

      const params = new URLSearchParams({
        client_id: record.client_id,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: environmentResource(environment.id),
      });
      if (state !== undefined) params.set('state', state);
      res.redirect(303, `${context.publicUrl}${OIDC_PATH}/auth?${params.toString()}`);
    }),
  );
};
