import { ValidationError } from '@grove/datasource-toolkit';

/** The vendor's hosted frontend, allowed by default when the platform is the vendor's. */
const vendorFrontend = 'https://app.forestadmin.com';

/** `http(s)://localhost`, `127.0.0.1` or `[::1]` on any port: development frontends. */
const localDevelopment = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** What the `allowedOrigins` option holds: exact origins, or patterns matched against them. */
export type AllowedOrigin = string | RegExp;

function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    const bare = entry.replace(/\/$/, '');

    return url.origin !== 'null' && url.origin === bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks the `allowedOrigins` option: each entry is an origin (`scheme://host[:port]`, no path)
 * or a RegExp tested against the request's `Origin`.
 *
 * @throws ValidationError naming the option and the entry that is not an origin.
 *
 * @example
 * ```ts
 * validateAllowedOrigins(['https://admin.acme.com', /^https:\/\/[a-z-]+\.acme\.com$/]);
 * ```
 */
export function validateAllowedOrigins(entries: readonly AllowedOrigin[]): void {
  if (!Array.isArray(entries)) {
    throw new ValidationError(
      `The allowedOrigins option must be an array of origins (e.g. ['https://admin.acme.com']), got ${String(entries)}.`,
    );
  }
  for (const entry of entries) {
    if (entry instanceof RegExp) continue;
    if (typeof entry !== 'string' || originOf(entry) === undefined) {
      throw new ValidationError(
        `The allowedOrigins option holds '${String(entry)}', which is not an origin such as 'https://admin.acme.com' (scheme, host and port only) nor a RegExp.`,
      );
    }
  }
}

/**
 * The origins CORS allows, as a predicate on the request's `Origin`. With the option set, exactly
 * its entries. Without it: the platform's origin (Grove's console is served by the platform),
 * the vendor's hosted frontend when the platform is the vendor's (`*.forestadmin.com`), and
 * outside production `localhost` / `127.0.0.1` / `[::1]` on any port.
 *
 * @example
 * ```ts
 * const isAllowed = allowedOriginMatcher(undefined, { serverUrl: 'https://grove.acme.com', isProduction: true });
 * isAllowed('https://grove.acme.com'); // true
 * isAllowed('https://evil.example'); // false
 * ```
 */
export function allowedOriginMatcher(
  allowedOrigins: readonly AllowedOrigin[] | undefined,
  context: { readonly serverUrl: string; readonly isProduction: boolean },
): (origin: string) => boolean {
  const entries = allowedOrigins ?? defaultOrigins(context);
  const exact = new Set(
    entries.filter((entry): entry is string => typeof entry === 'string').map(originOf),
  );
  const patterns = entries.filter((entry): entry is RegExp => entry instanceof RegExp);

  return origin => exact.has(origin) || patterns.some(pattern => testOnce(pattern, origin));
}

function defaultOrigins(context: {
  readonly serverUrl: string;
  readonly isProduction: boolean;
}): AllowedOrigin[] {
  const platform = originOf(new URL(context.serverUrl).origin);
  const origins: AllowedOrigin[] = platform ? [platform] : [];
  if (/(^|\.)forestadmin\.com$/.test(new URL(context.serverUrl).hostname)) {
    origins.push(vendorFrontend);
  }
  if (!context.isProduction) origins.push(localDevelopment);

  return origins;
}

/** `test` without the `lastIndex` state a global or sticky RegExp keeps between calls. */
function testOnce(pattern: RegExp, origin: string): boolean {
  pattern.lastIndex = 0;

  return pattern.test(origin);
}
