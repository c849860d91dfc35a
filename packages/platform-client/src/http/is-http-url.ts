/**
 * Whether a text is an absolute `http:` or `https:` URL: the one URL check of the platform's
 * clients (the platform client's `serverUrl`, the CLI's and the MCP server's variables, the
 * redirect URIs of MCP clients).
 *
 * @example
 * ```ts
 * isHttpUrl('https://api.grove.dev'); // true
 * isHttpUrl('ftp://files.example.com'); // false
 * ```
 */
export function isHttpUrl(value: string): boolean {
  return httpUrl(value) !== undefined;
}

/**
 * The parsed URL of an absolute `http:` or `https:` URL text, else `undefined`.
 *
 * @example
 * ```ts
 * httpUrl('https://eu.dust.tt/cb')?.hostname; // 'eu.dust.tt'
 * ```
 */
export function httpUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }

  return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
}
