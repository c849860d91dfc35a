import type { JWK } from 'jose';
import { GroveError } from '@grove/datasource-toolkit';
import type { PlatformHttp } from '../http/platform-http';
import { verifyIdToken } from './id-token';
import { newPkceRequest, pkceVerifier } from './pkce';
import { getUserInfo } from './user-info';
import type { AuthenticatedUser } from './user-info';

/** The platform's OIDC metadata (the keys the agent uses). */
export interface OidcMetadata {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  readonly registration_endpoint: string;
  readonly jwks_uri: string;
}

/** The client the platform registered for this agent. */
export interface OidcClient {
  readonly client_id: string;
  readonly redirect_uris?: readonly string[];
}

interface Registered {
  readonly metadata: OidcMetadata;
  readonly client: OidcClient;
}

/**
 * The login calls the agent makes (docs/platform-protocol.md#login): discovery and dynamic
 * registration (once per process, retried on the next login after a failure), the authorization
 * URL, the code exchange with id-token verification, and the user info.
 *
 * @example
 * ```ts
 * const login = new OidcLogin(http);
 * const url = await login.getAuthorizationUrl(34); // send the browser there
 * const user = await login.loginWithCode(query.code, query.state); // then sign the agent JWT
 * ```
 */
export class OidcLogin {
  private registration?: Promise<Registered>;

  constructor(private readonly http: PlatformHttp) {}

  /** Discovery: `GET /oidc/.well-known/openid-configuration` (behind the env secret). */
  discover(): Promise<OidcMetadata> {
    return this.http.request<OidcMetadata>({
      method: 'GET',
      path: '/oidc/.well-known/openid-configuration',
    });
  }

  /** Discovers and registers a public client (once; a failure is retried on the next call). */
  register(): Promise<Registered> {
    this.registration ??= this.registerOnce();
    this.registration.catch(() => (this.registration = undefined));

    return this.registration;
  }

  /**
   * The URL the browser goes to, with `state` = `{"renderingId":n,"pkce":"<nonce>"}` and a PKCE
   * S256 challenge whose verifier the callback rebuilds from the nonce (see `pkceVerifier`).
   */
  async getAuthorizationUrl(renderingId: number): Promise<string> {
    const { metadata, client } = await this.register();
    const pkce = newPkceRequest(this.envSecret());
    const url = new URL(metadata.authorization_endpoint, this.http.serverUrl);
    url.searchParams.set('client_id', client.client_id);
    url.searchParams.set('scope', 'openid email profile');
    url.searchParams.set('response_type', 'code');
    const [redirectUri, ...others] = client.redirect_uris ?? [];
    if (redirectUri && others.length === 0) url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', JSON.stringify({ renderingId, pkce: pkce.nonce }));
    url.searchParams.set('code_challenge', pkce.codeChallenge);
    url.searchParams.set('code_challenge_method', pkce.codeChallengeMethod);

    return url.toString();
  }

  /**
   * Exchanges a code for tokens (with the PKCE verifier when the authorization request had a
   * challenge), verifies the id token and returns the access token.
   */
  async exchangeCode(code: string, codeVerifier?: string): Promise<string> {
    const { metadata, client } = await this.register();
    const tokens = await this.http.request<{ access_token?: string; id_token?: string }>({
      method: 'POST',
      path: metadata.token_endpoint,
      withoutSecret: true,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: client.client_id,
        ...(codeVerifier === undefined ? {} : { code_verifier: codeVerifier }),
      }),
    });
    if (!tokens?.id_token)
      throw new GroveError('UnauthorizedError', 'id_token not present in the token set');
    if (!tokens.access_token)
      throw new GroveError('UnauthorizedError', 'access_token not present in the token set');
    const jwks = await this.http.request<{ keys?: JWK[] }>({
      method: 'GET',
      path: metadata.jwks_uri,
      withoutSecret: true,
    });
    await verifyIdToken(tokens.id_token, {
      issuer: metadata.issuer,
      clientId: client.client_id,
      keys: jwks?.keys ?? [],
    });

    return tokens.access_token;
  }

  /** The whole callback: reads the rendering from `state`, exchanges the code, fetches the user. */
  async loginWithCode(code: string, state: string): Promise<AuthenticatedUser> {
    let renderingId: unknown;
    let nonce: unknown;
    try {
      ({ renderingId, pkce: nonce } = JSON.parse(state) as {
        renderingId?: unknown;
        pkce?: unknown;
      });
    } catch {
      renderingId = undefined;
    }
    if (!Number.isInteger(Number(renderingId)) || renderingId === null || renderingId === '') {
      throw new GroveError('BadRequestError', 'state must be the JSON text {"renderingId": n}');
    }
    // A state without a nonce comes from an authorization URL without PKCE (an older agent).
    const accessToken = await this.exchangeCode(code, pkceVerifier(this.envSecret(), nonce));

    return getUserInfo(this.http, Number(renderingId), accessToken);
  }

  private async registerOnce(): Promise<Registered> {
    const metadata = await this.discover();
    const client = await this.http.request<OidcClient>({
      method: 'POST',
      path: metadata.registration_endpoint,
      withoutSecret: true,
      headers: { authorization: `Bearer ${this.envSecret()}` },
      body: { token_endpoint_auth_method: 'none' },
      expectStatus: 201,
    });
    if (!client?.client_id)
      throw new GroveError('ServiceUnavailableError', 'the platform registered no client_id');

    return { metadata, client };
  }

  private envSecret(): string {
    // The env secret doubles as the RFC 7591 initial access token.
    return this.http.secretHeaders()['forest-secret-key'] ?? '';
  }
}
