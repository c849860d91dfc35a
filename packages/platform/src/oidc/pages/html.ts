import { CONSOLE_STYLESHEET_PATH } from '@grove/console';

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
 * The security headers of every page the login shows: no script at all, styles only from the
 * platform itself (the console's stylesheet), no framing (a consent page inside someone else's
 * frame could be clicked through), no caching, no referrer to other sites (URLs carry
 * interaction ids). `same-origin`, not `no-referrer`: under `no-referrer` browsers send
 * `Origin: null` with the pages' own form posts, which the anti-forgery check refuses.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * A whole page of the login: the console's card layout (and its stylesheet, so that the
 * platform's pages look like the console) around a body, under the page's one heading.
 *
 * @example
 * ```ts
 * res.set(PAGE_HEADERS).type('html').send(renderPage('Sign in', html`<p>…</p>`));
 * ```
 */
export function renderPage(title: string, body: SafeHtml): string {
  // Root-relative, as the console's own assets: the console is served at the platform's root.
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Grove</title>
        <link rel="stylesheet" href="${CONSOLE_STYLESHEET_PATH}" />
      </head>
      <body>
        <main class="auth-page">
          <section class="card auth-card" aria-labelledby="page-title">
            <p class="brand">Grove</p>
            <h1 id="page-title">${title}</h1>
            ${body}
          </section>
        </main>
      </body>
    </html>`.value;
}
