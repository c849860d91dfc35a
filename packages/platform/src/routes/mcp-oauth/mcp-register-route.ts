import express from 'express';

import { limitRegistrations } from '../../http/middlewares/limit-registrations';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { callProviderEndpoint } from '../../oidc/call-provider-endpoint';
import { mcpClientRecord } from '../../oidc/mcp-client-record';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { MCP_REGISTRATION_TOKEN } from '../../oidc/registration-policies';
import { checkBodyShape } from '../../http/check-body-shape';

/**
 * `POST /oauth/register` (no auth, docs/mcp.md#platform-calls): dynamic registration (RFC 7591) of
 * MCP clients such as Claude or Cursor, through the provider's registration with the MCP policy
 * (https or loopback redirect URIs, public client, code + refresh, scopes within `mcp:*`). Limited
 * per IP address (each registration stores a client) before the body is read. Answers 201 with the
 * client's record, or the provider's OAuth error.
 *
 * @example
 * ```ts
 * mountMcpRegister(router, context);
 * ```
 */
export const mountMcpRegister: PlatformRouteMounter = (router, context) => {
  const json = express.json({ verify: checkBodyShape, limit: '16kb' });

  router.post(
    '/oauth/register',
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    },
    limitRegistrations(context),
    (req, res, next) => {
      if (!req.is('application/json')) {
        res
          .status(400)
          .json({ error: 'invalid_request', error_description: 'The body must be JSON' });

        return;
      }
      json(req, res, error => {
        if (error) {
          res.status(400).json({
            error: 'invalid_request',
            error_description: 'The body is not valid JSON or is too large',
          });
        } else next();
      });
    },
    (req, res, next) => {
      const body = req.body as unknown;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        res.status(400).json({
          error: 'invalid_client_metadata',
          error_description: 'The body must be a JSON object',
        });

        return;
      }
      oidcProvider(context)
        .then(provider =>
          callProviderEndpoint(provider, {
            path: '/reg',
            encoding: 'json',
            body: body as Record<string, string>,
            headers: { authorization: `Bearer ${MCP_REGISTRATION_TOKEN}` },
            publicUrl: context.publicUrl,
          }),
        )
        .then(({ status, body: answer }) => {
          const record = status === 201 ? mcpClientRecord(answer) : null;
          res.status(record ? 201 : status === 201 ? 500 : status).json(record ?? answer);
        })
        .catch(next);
    },
  );
};
