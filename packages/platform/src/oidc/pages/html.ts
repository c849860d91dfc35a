const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes a text for HTML element content and quoted attribute values.
 *
 * @example
 * ```ts
 * html`<p>${'<script>'}</p>`; // uses it for every interpolated value
 * ```
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, char => ENTITIES[char] ?? char);
}

/** An HTML fragment that {@link html} inserts as is. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/**
 * A tagged template that escapes every interpolated value, except {@link SafeHtml} fragments
 * (other `html` results) and arrays of them.
 *
 * @example
 * ```ts
 * const page = html`<h1>${title}</h1>${html`<p>${text}</p>`}`;
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const part = (value: unknown): string => {
    if (value instanceof SafeHtml) return value.value;
    if (Array.isArray(value)) return value.map(part).join('');

    return escapeHtml(value);
  };

  return new SafeHtml(
    strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ''), ''),
  );
}

/**
 * The security headers of every page the login shows: no script at all, no framing (a consent
 * page inside someone else's frame could be clicked through), no caching, no referrer (URLs carry
 * interaction ids).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const STYLE = `body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;color:#1f2933}
main{max-width:380px;margin:10vh auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem}
input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
button{margin-top:1rem;padding:.55rem 1rem;font-size:1rem;cursor:pointer}
.error{color:#b42318;background:#fef3f2;padding:.6rem;border-radius:4px}.muted{color:#616e7c;font-size:.9rem}
.code{font-family:monospace;font-size:1.4rem;letter-spacing:.15rem}`;

/**
 * A whole page of the login: the layout around a body.
 *
 * @example
 * ```ts
 * res.set(PAGE_HEADERS).type('html').send(renderPage('Sign in', html`<p>…</p>`));
 * ```
 */
export function renderPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Grove</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.value;
}
