import { ValidationError } from '@grove/datasource-toolkit';
import { httpUrl } from '@grove/platform-client/hosting';

/**
 * Normalizes `allowedOAuthClients` (docs/mcp.md#allowed-clients): trimmed, blanks dropped, each a
 * bare domain (no scheme, port, path or spaces), lower-cased punycode, trailing dot dropped.
 * `undefined` = any client; a list left empty is a start-up error.
 *
 * @example
 * ```ts
 * normalizeAllowedClients([' Dust.TT ', 'claude.ai.']); // ['dust.tt', 'claude.ai']
 * ```
 */
export function normalizeAllowedClients(
  domains: readonly string[] | undefined,
): readonly string[] | undefined {
  if (domains === undefined) return undefined;
  const listed = domains.map(domain => domain.trim()).filter(domain => domain !== '');
  if (listed.length === 0) {
    throw new ValidationError(
      'Invalid allowedOAuthClients: no domains to allow. Omit the option to accept any registered client, or list bare domains (e.g. dust.tt).',
    );
  }

  return listed.map(domain => {
    let host: string | undefined;
    if (!/[/:@?#\\\s]/.test(domain) && domain.length <= 253) {
      try {
        host = new URL(`http://${domain}`).hostname;
      } catch {
        host = undefined;
      }
    }
    if (!host) {
      throw new ValidationError(
        `Invalid allowedOAuthClients entry "${domain}": list bare domains (e.g. dust.tt) without scheme, port, path, or spaces.`,
      );
    }

    return host.replace(/\.$/, '');
  });
}

/**
 * Whether a client's redirect URIs are all http(s) URIs on an allowed domain or a subdomain of
 * one (at least one URI).
 *
 * @example
 * ```ts
 * isAllowedClient(['https://eu.dust.tt/cb'], ['dust.tt']); // true
 * ```
 */
export function isAllowedClient(
  redirectUris: readonly unknown[],
  allowed: readonly string[],
): boolean {
  if (redirectUris.length === 0) return false;

  return redirectUris.every(uri => {
    const url = typeof uri === 'string' ? httpUrl(uri) : undefined;
    if (!url) return false;
    const host = url.hostname.replace(/\.$/, '').toLowerCase();

    return allowed.some(domain => host === domain || host.endsWith(`.${domain}`));
  });
}
