/** A cookie kept by the {@link TestBrowser}. */
interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
}

/** A form read from a page: where it posts and its hidden and pre-filled fields. */
export interface PageForm {
  readonly action: string;
  readonly fields: Record<string, string>;
}

/** One answer the browser got. */
export interface BrowserResponse {
  readonly status: number;
  readonly url: string;
  readonly location: string | null;
  readonly headers: Headers;
  readonly body: string;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);

  return match?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Reads the forms of an HTML page: each `<form>` with the inputs inside it or joined to it
 * through `form="<id>"` (how the provider's device pages attach their inputs).
 */
export function readForms(html: string, baseUrl: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const tag = match[1] ?? '';
    const id = attribute(tag, 'id');
    const inner = [...(match[2] ?? '').matchAll(/<input\b[^>]*>/g)].map(m => m[0]);
    const joined = id
      ? [...html.matchAll(/<input\b[^>]*>/g)]
          .map(m => m[0])
          .filter(t => attribute(t, 'form') === id)
      : [];
    const fields: Record<string, string> = {};
    for (const input of [...inner, ...joined]) {
      const name = attribute(input, 'name');
      if (name) fields[name] = attribute(input, 'value') ?? '';
    }
    forms.push({ action: new URL(attribute(tag, 'action') ?? '', baseUrl).href, fields });
  }

  return forms;
}

/**
 * A browser without JavaScript for the tests: fetch with a cookie jar (paths honoured, expired
 * cookies dropped) and redirects followed by hand, so that each hop can be looked at.
 */
export class TestBrowser {
  private cookies: StoredCookie[] = [];

  /** Every URL visited, in order. */
  readonly visited: string[] = [];

  private cookieHeader(url: URL): string {
    return this.cookies
      .filter(cookie => url.pathname.startsWith(cookie.path))
      .map(cookie => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map(part => part.trim());
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const options = new Map(
        attributes.map(a => {
          const [key = '', ...v] = a.split('=');

          return [key.toLowerCase(), v.join('=')] as const;
        }),
      );
      const path = options.get('path') || '/';
      const expired =
        options.get('max-age') === '0' ||
        (options.has('expires') && new Date(options.get('expires') ?? '').getTime() < Date.now());
      this.cookies = this.cookies.filter(c => !(c.name === name && c.path === path));
      if (!expired && url) this.cookies.push({ name, value, path });
    }
  }

  /** One request, no redirect followed. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const target = new URL(url);
    this.visited.push(target.href);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    this.store(target, response.headers);
    const location = response.headers.get('location');

    return {
      status: response.status,
      url: target.href,
      location: location ? new URL(location, target).href : null,
      headers: response.headers,
      body: await response.text(),
    };
  }

  /**
   * Follows redirects from a request until an answer that is not a redirect, or until `stop` says
   * a location must not be visited (the agent's callback, a custom scheme): then that redirect is
   * returned.
   */
  async follow(
    url: string,
    init: { form?: Record<string, string> } = {},
    stop: (location: string) => boolean = () => false,
  ): Promise<BrowserResponse> {
    let response = await this.request(url, init);
    for (
      let hops = 0;
      response.location && response.status >= 300 && response.status < 400;
      hops++
    ) {
      if (hops > 10) throw new Error(`Too many redirects from ${url}`);
      if (stop(response.location)) return response;
      response = await this.request(response.location);
    }

    return response;
  }

  /** Submits a form of a page with some fields filled in, following redirects. */
  submit(
    page: BrowserResponse,
    values: Record<string, string> = {},
    index = 0,
    stop?: (location: string) => boolean,
  ): Promise<BrowserResponse> {
    const form = readForms(page.body, page.url)[index];
    if (!form) throw new Error(`No form ${index} on ${page.url}:\n${page.body}`);

    return this.follow(form.action, { form: { ...form.fields, ...values } }, stop);
  }
}
