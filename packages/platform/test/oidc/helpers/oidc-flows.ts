import { createHash, randomBytes } from 'node:crypto';

import type { BrowserResponse } from './test-browser';
import { TestBrowser } from './test-browser';

/** The discovery document's keys the tests use. */
export interface Discovery {
  readonly issuer: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
  readonly registration_endpoint: string;
  readonly jwks_uri: string;
  readonly userinfo_endpoint: string;
  readonly device_authorization_endpoint: string;
  readonly [key: string]: unknown;
}

/** `GET /oidc/.well-known/openid-configuration`. */
export async function discover(platformUrl: string): Promise<Discovery> {
  const response = await fetch(`${platformUrl}/oidc/.well-known/openid-configuration`);
  if (response.status !== 200) throw new Error(`discovery answered ${response.status}`);

  return (await response.json()) as Discovery;
}

/** A registration answer: status and body. */
export interface Registration {
  readonly status: number;
  readonly body: Record<string, unknown> & { client_id?: string; redirect_uris?: string[] };
}

/** `POST <registration_endpoint>` with JSON metadata, as an agent (secret) or anonymously. */
export async function register(
  discovery: Discovery,
  metadata: Record<string, unknown>,
  envSecret?: string,
): Promise<Registration> {
  const response = await fetch(discovery.registration_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(envSecret === undefined ? {} : { authorization: `Bearer ${envSecret}` }),
    },
    body: JSON.stringify(metadata),
  });

  return { status: response.status, body: (await response.json()) as Registration['body'] };
}

/** A PKCE pair (S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');

  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `POST <token_endpoint>` (form), answering status and JSON body. */
export async function tokenRequest(
  discovery: Discovery,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What a login through the HTML pages ended with. */
export interface BrowserLogin {
  readonly browser: TestBrowser;
  /** The sign-in page. */
  readonly loginPage: BrowserResponse;
  /** The answer after the sign-in form (the consent page when the password was right). */
  readonly afterLogin: BrowserResponse;
  /** The redirect to the client's redirect URI (after consent), if reached. */
  readonly callback?: URL;
}

/**
 * Drives the code flow in a {@link TestBrowser}: opens the authorization URL, submits the
 * sign-in form, then allows on the consent page; stops at the redirect to `redirectPrefix`.
 */
export async function loginInBrowser(
  authorizationUrl: string,
  credentials: { email: string; password: string },
  redirectPrefix: string,
): Promise<BrowserLogin> {
  const browser = new TestBrowser();
  const atRedirect = (location: string) => location.startsWith(redirectPrefix);
  const loginPage = await browser.follow(authorizationUrl, {}, atRedirect);
  const afterLogin = await browser.submit(loginPage, credentials, 0, atRedirect);
  if (afterLogin.status !== 200 || !afterLogin.body.includes('Allow access?')) {
    return { browser, loginPage, afterLogin };
  }
  const consented = await browser.submit(afterLogin, {}, 0, atRedirect);

  return {
    browser,
    loginPage,
    afterLogin,
    callback:
      consented.location && atRedirect(consented.location)
        ? new URL(consented.location)
        : undefined,
  };
}

/** An authorization URL of the code flow for a client (PKCE S256 when a challenge is given). */
export function authorizationUrl(
  discovery: Discovery,
  params: { clientId: string; redirectUri?: string; challenge?: string; state?: string },
): string {
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: params.clientId,
    scope: 'openid email profile',
    response_type: 'code',
    state: params.state ?? '{"renderingId":1}',
    ...(params.redirectUri ? { redirect_uri: params.redirectUri } : {}),
    ...(params.challenge
      ? { code_challenge: params.challenge, code_challenge_method: 'S256' }
      : {}),
  }).toString();

  return url.href;
}

/**
 * A whole code flow as an agent of the environment of `envSecret` (registration, HTML login and
 * consent, exchange with PKCE): the client and the tokens.
 */
export async function codeFlowTokens(
  discovery: Discovery,
  envSecret: string,
  credentials: { email: string; password: string },
): Promise<{ clientId: string; accessToken: string; idToken: string }> {
  const { status, body: client } = await register(
    discovery,
    { token_endpoint_auth_method: 'none' },
    envSecret,
  );
  if (status !== 201) throw new Error(`registration answered ${status}: ${JSON.stringify(client)}`);
  const redirectUri = client.redirect_uris![0]!;
  const { verifier, challenge } = pkcePair();
  const url = authorizationUrl(discovery, { clientId: client.client_id!, challenge });
  const login = await loginInBrowser(url, credentials, redirectUri);
  if (!login.callback) throw new Error(`no callback after login: ${login.afterLogin.body}`);
  const tokens = await tokenRequest(discovery, {
    grant_type: 'authorization_code',
    code: login.callback.searchParams.get('code')!,
    client_id: client.client_id!,
    code_verifier: verifier,
  });
  if (tokens.status !== 200) throw new Error(`token answered ${tokens.status}`);

  return {
    clientId: client.client_id!,
    accessToken: String(tokens.body.access_token),
    idToken: String(tokens.body.id_token),
  };
}
