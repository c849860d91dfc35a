import { randomUUID } from 'node:crypto';

import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';

import type { PlatformContext } from '../platform-context';
import { findMcpRendering } from './find-mcp-rendering';
import { findOidcAccount } from './find-oidc-account';
import { MCP_CLIENT_METADATA, MCP_GRANT_CLAIM, environmentOfResource } from './mcp-resource';
import { loadOidcKeys } from './oidc-keys';
import { PAGE_HEADERS } from './pages/html';
import {
  deviceCodeInputPage,
  deviceConfirmPage,
  deviceDonePage,
  errorPage,
} from './pages/device-pages';
import {
  AGENT_POLICY,
  ENVIRONMENT_METADATA,
  SANDBOX_CLIENT_ID,
  MCP_SCOPE_METADATA,
  initialAccessTokens,
  registrationPolicies,
} from './registration-policies';
import { createSequelizeOidcAdapter } from './sequelize-oidc-adapter';

/** Where the provider is mounted on the platform; the issuer is `<publicUrl>/oidc`. */
export const OIDC_PATH = '/oidc';

/** The lifetimes (seconds) of what the provider issues. */
const TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  DeviceCode: 600,
  Interaction: 3600,
  Session: 14 * 24 * 3600,
  Grant: 14 * 24 * 3600,
} as const;

/** The lifetime (seconds) of a refresh token, and of a session of refreshes of a public client. */
const REFRESH_TOKEN_TTL = 14 * 24 * 3600;

/**
 * The lifetime (seconds) of an MCP client's access tokens (the vendor grants 3600,
 * docs/mcp.md#token-lifetimes).
 */
export const MCP_ACCESS_TOKEN_TTL = 3600;

function sendPage(ctx: KoaContextWithOIDC, body: string, status = 200): void {
  ctx.set(PAGE_HEADERS);
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = body;
}

/** The path of an interaction's pages (`/oidc/interaction/<uid>`), below the public URL's path. */
export function interactionPath(publicUrl: string, uid: string): string {
  return `${new URL(publicUrl).pathname.replace(/\/+$/, '')}${OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
}

/**
 * Creates the platform's OpenID provider (oidc-provider 8, loaded with a dynamic `import()`, as
 * it is published as ES modules only): issuer `<publicUrl>/oidc`, storage in `oidc_payloads`,
 * RS256 signing and cookie keys from `platform_settings`, dynamic registration (agents with their
 * env secret, anonymous native device-flow clients), the code flow (PKCE S256, optional for
 * agents because the vendor agent does not send it), the device flow, userinfo, revocation.
 * The login and consent pages are the platform's own routes (`/oidc/interaction/<uid>`).
 *
 * @example
 * ```ts
 * const provider = await createOidcProvider(context);
 * router.use('/oidc', provider.callback());
 * ```
 */
export async function createOidcProvider(context: PlatformContext): Promise<Provider> {
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { db, publicUrl, mode } = context;
  const keys = await loadOidcKeys(db);

  const configuration: Configuration = {
    adapter: createSequelizeOidcAdapter(db, {
      virtualModels: { InitialAccessToken: initialAccessTokens(db) },
      alreadyConsumed: model => new errors.InvalidGrant(`${model} already consumed`),
    }),
    jwks: { keys: keys.jwks.keys.map(key => ({ ...key })) },
    cookies: {
      keys: [...keys.cookieKeys],
      long: { signed: true, sameSite: 'lax', httpOnly: true },
      short: { signed: true, sameSite: 'lax', httpOnly: true },
    },
    findAccount: (_ctx, sub) => findOidcAccount(db, sub),
    // No cross-origin calls to the client-bound endpoints (token, revocation, userinfo): agents,
    // the CLI and MCP servers call them from servers. Said explicitly, which also keeps the
    // provider's "you MUST change it" warning out of the operator's logs.
    clientBasedCORS: () => false,
    claims: {
      openid: ['sub'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile'],
    ttl: {
      ...TTL,
      // 14 days; a rotated public client's token keeps the remaining life of the one it replaces,
      // so an MCP session (rotation on every refresh) ends 14 days after its login.
      RefreshToken: (ctx, _token, client) =>
        ctx?.oidc.entities.RotatedRefreshToken && client.clientAuthMethod === 'none'
          ? ctx.oidc.entities.RotatedRefreshToken.remainingTTL
          : REFRESH_TOKEN_TTL,
    },
    pkce: {
      methods: ['S256'],
      // The vendor agent sends no PKCE (docs/platform-protocol.md#login): its clients may go
      // without; every other client of the code flow must use S256.
      required: (_ctx, client) => client[ENVIRONMENT_METADATA] === undefined,
    },
    extraClientMetadata: {
      properties: [ENVIRONMENT_METADATA, MCP_CLIENT_METADATA, MCP_SCOPE_METADATA],
      validator(_ctx, key, value) {
        if (key === ENVIRONMENT_METADATA && value !== undefined && !Number.isInteger(value)) {
          throw new errors.InvalidClientMetadata(`${ENVIRONMENT_METADATA} must be an integer`);
        }
        if (key === MCP_CLIENT_METADATA && value !== undefined && value !== true) {
          throw new errors.InvalidClientMetadata(`${MCP_CLIENT_METADATA} must be true`);
        }
        if (key === MCP_SCOPE_METADATA && value !== undefined && typeof value !== 'string') {
          throw new errors.InvalidClientMetadata(`${MCP_SCOPE_METADATA} must be a string`);
        }
      },
    },
    // MCP clients (docs/mcp.md#token-endpoint) get a refresh token with every code; others only
    // with offline_access.
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (client[MCP_CLIENT_METADATA] === true || code.scopes.has('offline_access')),
    // The access tokens of MCP clients carry the user's rendering in the environment
    // (docs/mcp.md#token-endpoint) and their grant's id.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken') return undefined;
      const environmentId = environmentOfResource(
        (token as { resourceServer?: { audience?: string } }).resourceServer?.audience,
      );
      if (environmentId === null) return undefined;
      const renderingId = await findMcpRendering(db, Number(token.accountId), environmentId);
      if (renderingId === null) {
        throw new errors.InvalidGrant('the user has no access to this environment any more');
      }

      // The grant's id ties the (unstored) JWT to a grant that can be ended (D32).
      return { meta: { renderingId, environmentId }, [MCP_GRANT_CLAIM]: token.grantId };
    },
    interactions: { url: (_ctx, interaction) => interactionPath(publicUrl, interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      registration: {
        enabled: true,
        initialAccessToken: true,
        // No registration access token: clients never read or change their registration.
        ...({ issueRegistrationAccessToken: false } as object),
        policies: registrationPolicies(db, errors, mode),
        // Sandbox mode: agents' clients get the test kit's fixed id; others a random one.
        ...(mode === 'sandbox'
          ? {
              idFactory: (ctx: KoaContextWithOIDC) =>
                ctx.oidc.entities.InitialAccessToken?.policies?.includes(AGENT_POLICY)
                  ? SANDBOX_CLIENT_ID
                  : randomUUID(),
            }
          : {}),
      },
      deviceFlow: {
        enabled: true,
        userCodeInputSource(ctx, form, _out, error) {
          const message = error
            ? 'This code is unknown or expired. Check it and try again.'
            : undefined;
          sendPage(ctx, deviceCodeInputPage(form, message), error ? 400 : 200);
        },
        userCodeConfirmSource(ctx, form, client, _deviceInfo, userCode) {
          sendPage(ctx, deviceConfirmPage(form, client.clientName ?? client.clientId, userCode));
        },
        successSource(ctx) {
          sendPage(ctx, deviceDonePage());
        },
      },
      // An MCP authorization is bound to one environment, its resource indicator
      // (urn:grove:environment:<id>): its access tokens are RS256 JWTs with that audience.
      resourceIndicators: {
        enabled: true,
        useGrantedResource: (_ctx, model) =>
          environmentOfResource((model as { resource?: unknown }).resource) !== null,
        getResourceServerInfo(_ctx, resourceIndicator, client) {
          const scope = client[MCP_SCOPE_METADATA];
          if (
            client[MCP_CLIENT_METADATA] !== true ||
            typeof scope !== 'string' ||
            environmentOfResource(resourceIndicator) === null
          ) {
            throw new errors.InvalidTarget();
          }

          return {
            scope,
            audience: resourceIndicator,
            accessTokenTTL: MCP_ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
    },
    renderError(ctx, out) {
      sendPage(ctx, errorPage(String(out.error), out.error_description), ctx.status);
    },
  };

  const provider = new ProviderClass(`${publicUrl}${OIDC_PATH}`, configuration);
  provider.on('server_error', (_ctx, error) => {
    context.logger('Error', `OpenID provider error: ${error.message}`, error);
  });

  return provider;
}
