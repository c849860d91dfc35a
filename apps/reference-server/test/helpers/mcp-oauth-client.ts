import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where the AI client says it listens (never reached: the test reads the code off the redirect). */
export const REDIRECT = 'http://localhost:6274/oauth/callback';

/** The SDK's OAuth client provider, kept in memory; the browser step is done by the test. */
export class TestOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(private readonly scope = 'mcp:read mcp:write mcp:action') {}

  get redirectUrl() {
    return REDIRECT;
  }

  get clientMetadata() {
    return {
      client_name: 'Reference server e2e client',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}

/** The first `<form>` of a page: where it posts and its named inputs with their values. */
function firstForm(html: string, pageUrl: string): { action: string; fields: URLSearchParams } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on ${pageUrl}:\n${html.slice(0, 2000)}`);
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`)
      .exec(tag)?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields = new URLSearchParams();
  for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    if (name) fields.set(name, attribute(input, 'value') ?? '');
  }

  return { action: new URL(attribute(form[1] ?? '', 'action') ?? '', pageUrl).href, fields };
}

/**
 * What a user does in a browser without JavaScript: opens the authorization URL, fills the
 * platform's sign-in form, allows on the consent page; answers the code the platform sends to
 * the client's redirect URI. Cookies are kept by name (the platform's pages share one origin);
 * every redirect chain is bounded.
 */
export async function loginAndConsent(
  authorizationUrl: URL,
  admin: { email: string; password: string },
): Promise<string> {
  const cookies = new Map<string, string>();
  const request = async (url: string, form?: URLSearchParams) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: form,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [name = '', ...value] = (line.split(';')[0] ?? '').split('=');
      const expires = /;\s*expires=([^;]+)/i.exec(line)?.[1];
      const expired =
        /;\s*max-age=0\b/i.test(line) ||
        (expires !== undefined && new Date(expires).getTime() < Date.now());
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');

    return {
      url,
      status: response.status,
      location: location ? new URL(location, url).href : undefined,
      body: await response.text(),
    };
  };
  // Follows redirects (at most 10) until a page, or until the redirect to the AI client.
  const follow = async (url: string, form?: URLSearchParams) => {
    let page = await request(url, form);
    for (let hops = 0; page.location && page.status >= 300 && page.status < 400; hops += 1) {
      if (hops > 10) throw new Error(`too many redirects from ${url}`);
      if (page.location.startsWith(REDIRECT)) return page;
      page = await request(page.location);
    }

    return page;
  };

  const loginPage = await follow(authorizationUrl.href);
  const login = firstForm(loginPage.body, loginPage.url);
  login.fields.set('email', admin.email);
  login.fields.set('password', admin.password);
  const consentPage = await follow(login.action, login.fields);
  if (!consentPage.body.includes('Allow access?')) {
    throw new Error(`no consent page after the login (${consentPage.status}): ${consentPage.body}`);
  }
  const consent = firstForm(consentPage.body, consentPage.url);
  const callback = await follow(consent.action, consent.fields);
  const code = callback.location?.startsWith(REDIRECT)
    ? new URL(callback.location).searchParams.get('code')
    : null;
  if (!code) throw new Error(`no code after the consent (${callback.status}): ${callback.body}`);

  return code;
}

/**
 * The whole flow with the official SDK client: a first connect answers 401, and the SDK
 * discovers the authorization server, registers the client on the platform and builds the
 * authorization URL with a PKCE challenge; the user logs in and consents on the platform's pages;
 * `finishAuth` exchanges the code (with the verifier); a second connect is authorized.
 *
 * With `scope`, the SDK's `auth()` asks for that scope instead of the one the server's 401
 * advertises (as a client that wants less would), through the same discovery, registration,
 * PKCE and exchange.
 */
export async function connectWithOAuth(
  mcpUrl: string,
  admin: { email: string; password: string },
  options: { scope?: string } = {},
): Promise<{ client: Client; provider: TestOAuthProvider }> {
  const provider = new TestOAuthProvider(options.scope);
  if (options.scope) {
    expect(await auth(provider, { serverUrl: mcpUrl, scope: options.scope })).toBe('REDIRECT');
    if (!provider.authorizationUrl) throw new Error('the SDK built no authorization URL');
    const code = await loginAndConsent(provider.authorizationUrl, admin);
    expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
  } else {
    const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
    await expect(new Client({ name: 'e2e', version: '1' }).connect(first)).rejects.toThrow(
      /Unauthorized/,
    );
    if (!provider.authorizationUrl) throw new Error('the SDK built no authorization URL');
    await first.finishAuth(await loginAndConsent(provider.authorizationUrl, admin));
  }
  const client = new Client({ name: 'e2e', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }),
  );

  return { client, provider };
}
