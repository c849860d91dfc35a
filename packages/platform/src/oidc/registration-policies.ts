import type { AdapterPayload, KoaContextWithOIDC, errors as OidcErrors } from 'oidc-provider';

import { findEnvironmentBySecret } from '../auth/env-secret';
import type { PlatformDatabase } from '../database/platform-database';
import { MCP_CLIENT_METADATA, MCP_SCOPES, splitMcpScope } from './mcp-resource';

/**
 * Registration by an agent, with its environment's secret as the initial access token
 * (docs/platform-protocol.md#login).
 */
export const AGENT_POLICY = 'grove-agent';
/**
 * Registration without a token: only a native device-flow client such as the CLI
 * (docs/platform-protocol.md#cli-login).
 */
export const DEVICE_CLIENT_POLICY = 'grove-device-client';
/**
 * The initial access token a registration without `Authorization` is given (by the route in
 * front of the provider): it only ever allows {@link DEVICE_CLIENT_POLICY}.
 */
export const ANONYMOUS_REGISTRATION_TOKEN = 'grove-anonymous-device-client';
/**
 * Registration of an MCP client (Claude, Cursor...) through `POST /oauth/register`
 * (docs/mcp.md#platform-calls).
 */
export const MCP_CLIENT_POLICY = 'grove-mcp-client';
/** The initial access token the `POST /oauth/register` route gives: it only allows {@link MCP_CLIENT_POLICY}. */
export const MCP_REGISTRATION_TOKEN = 'grove-anonymous-mcp-client';
/**
 * Sandbox mode: the client id every agent registration gets (the test kit's tests expect it). Its
 * last registration wins: one real login at a time in a sandbox.
 */
export const SANDBOX_CLIENT_ID = 'grove-sandbox-client';
/**
 * Sandbox mode: the redirect URI of an agent client when neither the environment's agent URL nor
 * the registration names one (the provider requires one for the code flow).
 */
const SANDBOX_REDIRECT_URI = 'http://localhost/forest/authentication/callback';

/** The client metadata naming the environment an agent's client belongs to. */
export const ENVIRONMENT_METADATA = 'grove_environment_id';

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
type Properties = Record<string, unknown>;
type Policy = (ctx: KoaContextWithOIDC, properties: Properties) => Promise<void>;

/** The client metadata keeping the scope an MCP client registered with (its `scope` in RFC 7591 records). */
export const MCP_SCOPE_METADATA = 'grove_mcp_scope';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** https, or http on a loopback host; no fragment, no credentials. */
function isMcpRedirectUri(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;

  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname))
  );
}

/** Keeps only the listed metadata: nothing the provider would fetch (jwks_uri, sector_identifier_uri, request_uris) or show (logo_uri) gets in. */
function keepOnly(properties: Properties, allowed: readonly string[]): void {
  for (const key of Object.keys(properties)) if (!allowed.includes(key)) delete properties[key];
}

/** An absolute http(s) URL without fragment or credentials, of bounded length. */
function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 2000) return false;
  try {
    const url = new URL(value);

    return ['http:', 'https:'].includes(url.protocol) && !url.hash && !url.username;
  } catch {
    return false;
  }
}

const sameList = (value: unknown, expected: readonly string[]) =>
  Array.isArray(value) &&
  value.length === expected.length &&
  value.every((item, i) => item === expected[i]);

/**
 * The initial access tokens: an environment's secret (policy {@link AGENT_POLICY}) or the
 * anonymous token (policy {@link DEVICE_CLIENT_POLICY}); nothing is stored, the secret's hash is
 * looked up.
 *
 * @example
 * ```ts
 * createSequelizeOidcAdapter(db, { virtualModels: { InitialAccessToken: initialAccessTokens(db) } });
 * ```
 */
export function initialAccessTokens(
  db: PlatformDatabase,
): (value: string) => Promise<AdapterPayload | undefined> {
  return async value => {
    const iat = Math.floor(Date.now() / 1000);
    if (value === ANONYMOUS_REGISTRATION_TOKEN) {
      return { jti: value, kind: 'InitialAccessToken', iat, policies: [DEVICE_CLIENT_POLICY] };
    }
    if (value === MCP_REGISTRATION_TOKEN) {
      return { jti: value, kind: 'InitialAccessToken', iat, policies: [MCP_CLIENT_POLICY] };
    }
    const environment = await findEnvironmentBySecret(db, value);

    return environment
      ? { jti: value, kind: 'InitialAccessToken', iat, policies: [AGENT_POLICY] }
      : undefined;
  };
}

/**
 * The registration policies. An agent's client gets exactly one redirect URI,
 * `<agent URL>/forest/authentication/callback`, the code flow only, and remembers its environment
 * (in sandbox mode an environment without agent URL keeps the http(s) redirect URIs the agent
 * sent, or a placeholder);
 * an anonymous client must be a native, public, device-flow-only client (it can never use the
 * authorization endpoint, so opening this registration lets nobody phish through redirects).
 *
 * @example
 * ```ts
 * features: { registration: { enabled: true, initialAccessToken: true, policies: registrationPolicies(db, errors) } }
 * ```
 */
export function registrationPolicies(
  db: PlatformDatabase,
  errors: typeof OidcErrors,
  mode: 'standard' | 'sandbox' = 'standard',
): Record<string, Policy> {
  return {
    async [AGENT_POLICY](ctx, properties) {
      const secret = ctx.oidc.entities.InitialAccessToken?.jti ?? '';
      const environment = await findEnvironmentBySecret(db, secret);
      if (!environment) throw new errors.InvalidToken('initial access token not found');
      const sent = properties.redirect_uris;
      let redirectUris = [`${environment.agentUrl}/forest/authentication/callback`];
      if (!environment.agentUrl && mode === 'sandbox') {
        redirectUris =
          Array.isArray(sent) && sent.length > 0 && sent.length <= 5 && sent.every(isHttpUrl)
            ? (sent as string[])
            : [SANDBOX_REDIRECT_URI];
      } else if (!environment.agentUrl) {
        throw new errors.InvalidClientMetadata(
          'the environment has no agent URL: set it in the environment settings first',
        );
      }
      const method = properties.token_endpoint_auth_method;
      keepOnly(properties, [
        'client_id',
        'client_id_issued_at',
        'client_secret',
        'client_secret_expires_at',
        'client_name',
        'token_endpoint_auth_method',
      ]);
      if (
        method !== undefined &&
        !['none', 'client_secret_basic', 'client_secret_post'].includes(String(method))
      ) {
        throw new errors.InvalidClientMetadata(
          'token_endpoint_auth_method must be none, client_secret_basic or client_secret_post',
        );
      }
      Object.assign(properties, {
        application_type: 'web',
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        [ENVIRONMENT_METADATA]: environment.id,
      });
    },

    async [MCP_CLIENT_POLICY](_ctx, properties) {
      const redirectUris = properties.redirect_uris;
      if (
        !Array.isArray(redirectUris) ||
        redirectUris.length === 0 ||
        redirectUris.length > 10 ||
        !redirectUris.every(isMcpRedirectUri)
      ) {
        throw new errors.InvalidRedirectUri(
          'redirect_uris must list 1 to 10 URIs, each https, or http on a loopback host (localhost, 127.0.0.1, [::1])',
        );
      }
      const method = properties.token_endpoint_auth_method;
      if (method !== undefined && method !== 'none') {
        throw new errors.InvalidClientMetadata('token_endpoint_auth_method must be none');
      }
      const grantTypes = properties.grant_types;
      if (
        grantTypes !== undefined &&
        (!Array.isArray(grantTypes) ||
          !grantTypes.every(type => type === 'authorization_code' || type === 'refresh_token'))
      ) {
        throw new errors.InvalidClientMetadata(
          'grant_types may only hold authorization_code and refresh_token',
        );
      }
      const scopes =
        properties.scope === undefined ? [...MCP_SCOPES] : splitMcpScope(properties.scope);
      if (
        typeof (properties.scope ?? '') !== 'string' ||
        scopes.length === 0 ||
        !scopes.every(scope => (MCP_SCOPES as readonly string[]).includes(scope))
      ) {
        throw new errors.InvalidClientMetadata(`scope must be within ${MCP_SCOPES.join(' ')}`);
      }
      keepOnly(properties, [
        'client_id',
        'client_id_issued_at',
        'client_name',
        'client_uri',
        'redirect_uris',
      ]);
      Object.assign(properties, {
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        response_types: ['code'],
        grant_types: ['authorization_code', 'refresh_token'],
        [MCP_SCOPE_METADATA]: scopes.join(' '),
        [MCP_CLIENT_METADATA]: true,
      });
    },

    async [DEVICE_CLIENT_POLICY](_ctx, properties) {
      if (
        properties.application_type !== 'native' ||
        properties.token_endpoint_auth_method !== 'none' ||
        !sameList(properties.grant_types, [DEVICE_CODE_GRANT])
      ) {
        throw new errors.InvalidClientMetadata(
          'registration without an initial access token is only open to native public clients of the device flow (grant_types ["urn:ietf:params:oauth:grant-type:device_code"], token_endpoint_auth_method "none")',
        );
      }
      keepOnly(properties, [
        'client_id',
        'client_id_issued_at',
        'client_name',
        'application_type',
        'grant_types',
        'token_endpoint_auth_method',
      ]);
      Object.assign(properties, { response_types: [], redirect_uris: [] });
    },
  };
}
