import { ValidationError } from '@grove/datasource-toolkit';

/**
 * Normalizes `basePath` (docs/mcp.md#base-path): trimmed, `''`/`'/'` = none, one leading slash,
 * `//` collapsed, no trailing slash; each segment `[A-Za-z0-9_-]+`, else a start-up error.
 *
 * @example
 * ```ts
 * normalizeBasePath(' ai/ '); // '/ai'
 * normalizeBasePath('/');     // ''
 * ```
 */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim();
  if (trimmed === '' || trimmed === '/') return '';
  const path = `/${trimmed}`.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  const valid = path
    .slice(1)
    .split('/')
    .every(segment => /^[A-Za-z0-9_-]{1,64}$/.test(segment));
  if (!valid || path.length > 256) {
    throw new ValidationError(
      `Invalid MCP mount path "${basePath}": use a plain path prefix like "/mcp" (letters, digits, "-" and "_" only).`,
    );
  }

  return path;
}
