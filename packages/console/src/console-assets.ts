import { join } from 'node:path';

/** The path the console is served under (its Vite `base`, without the trailing slash). */
export const CONSOLE_BASE_PATH = '/console';

/**
 * The console's stylesheet at a stable URL, which the platform's own pages (login, consent,
 * device flow) link to so that they look like the console.
 */
export const CONSOLE_STYLESHEET_PATH = `${CONSOLE_BASE_PATH}/assets/grove.css`;

/**
 * The folder of the built console app (`index.html` and `assets/`), to serve as static files.
 * The same from the sources (`src/`) and the build (`dist/`): both resolve to `dist/app`.
 *
 * @example
 * ```ts
 * app.use('/console', express.static(consoleAssetsDir()));
 * ```
 */
export function consoleAssetsDir(): string {
  return join(__dirname, '..', 'dist', 'app');
}
