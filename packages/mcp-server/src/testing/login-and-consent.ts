import { GroveError } from '@grove/datasource-toolkit';

import { MCP_TEST_REDIRECT_URI } from './in-memory-oauth-client-provider';

/** A platform user's credentials. */
export interface McpTestUser {
  readonly email: string;
  readonly password: string;
}

interface Page {
  readonly url: string;
  readonly status: number;
  readonly location: string | undefined;
  readonly body: string;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first `<form>` of a page: where it posts and its named inputs with their values. */
function firstForm(page: Page): { action: string; fields: URLSearchParams } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(page.body);
  if (!form) {
    throw new GroveError(
      'UnauthorizedError',
      `No form on ${page.url} (${page.status}): ${page.body.slice(0, 500)}`,
    );
  }
  const attribute = (tag: string, name: string) => {
    const raw = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

    return raw === undefined ? undefined : decodeEntities(raw);
  };
  const fields = new URLSearchParams();
  for (const [input] of (form[2] ?? '').matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(input, 'name');
    if (name) fields.set(name, attribute(input, 'value') ?? '');
  }

  return { action: new URL(attribute(form[1] ?? '', 'action') ?? '', page.url).href, fields };
}

/**
 * What a user does in a browser without JavaScript: opens the authorization URL, fills the
 * platform's sign-in form, allows on the consent page; answers the authorization code the
 * platform sends to the client's redirect URI. Cookies are kept by name (the platform's pages
 * share one origin); every redirect chain is bounded (10 hops).
 *
 * @example
 * ```ts
 * const code = await loginAndConsent(provider.authorizationUrl!, { email, password });
 * await transport.finishAuth(code);
 * ```
 */
export async function loginAndConsent(
  authorizationUrl: URL,
  user: McpTestUser,
  redirectUri: string = MCP_TEST_REDIRECT_URI,
): Promise<string> {
  const cookies = new Map<string, string>();
  const request = async (url: string, form?: URLSearchParams): Promise<Page> => {
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
  // Follows redirects until a page, or until the redirect to the AI client.
  const follow = async (url: string, form?: URLSearchParams): Promise<Page> => {
    let page = await request(url, form);
    for (let hops = 0; page.location && page.status >= 300 && page.status < 400; hops += 1) {
      if (hops >= 10) throw new GroveError('UnauthorizedError', `Too many redirects from ${url}`);
      if (page.location.startsWith(redirectUri)) return page;
      page = await request(page.location);
    }

    return page;
  };

  const login = firstForm(await follow(authorizationUrl.href));
  login.fields.set('email', user.email);
  login.fields.set('password', user.password);
  const consentPage = await follow(login.action, login.fields);
  if (!consentPage.body.includes('Allow access?')) {
    throw new GroveError(
      'UnauthorizedError',
      `No consent page after the sign-in (${consentPage.status}): ${consentPage.body.slice(0, 500)}`,
    );
  }
  const consent = firstForm(consentPage);
  const callback = await follow(consent.action, consent.fields);
  const code = callback.location?.startsWith(redirectUri)
    ? new URL(callback.location).searchParams.get('code')
    : null;
  if (!code) {
    throw new GroveError(
      'UnauthorizedError',
      `No authorization code after the consent (${callback.status}): ${callback.body.slice(0, 500)}`,
    );
  }

  return code;
}
