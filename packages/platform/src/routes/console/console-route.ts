import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { CONSOLE_BASE_PATH, consoleAssetsDir } from '@grove/console';
import express from 'express';

import type { PlatformRouteMounter } from '../../http/platform-router-mounter';

/**
 * The console's headers: scripts, styles and calls only from the platform itself (no inline
 * script, nothing third-party), no framing, no referrer (so no URL leaks to another site).
 */
const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
    "connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; " +
    "form-action 'self'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** Built file names that carry a content hash (`index-D6YbB9WH.js`): cacheable for a year. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.[a-z]+$/;

/**
 * The console (`@grove/console`, a single-page app) under `/console/`: its built assets, and
 * `index.html` for every other path under it (the app routes in the browser); `/` leads there.
 * Hashed assets are cached for a year, `index.html` never, `grove.css` (a stable name the login
 * pages link to) is revalidated. When the console was not built, `/console/` says so (503).
 *
 * @example
 * ```ts
 * mountConsole(router, context);
 * ```
 */
export const mountConsole: PlatformRouteMounter = router => {
  const dir = consoleAssetsDir();
  const index = join(dir, 'index.html');

  router.get('/', (_req, res) => res.redirect(302, `${CONSOLE_BASE_PATH}/`));
  router.use(
    `${CONSOLE_BASE_PATH}/assets`,
    express.static(join(dir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res, path) => {
        res.set(CONSOLE_HEADERS);
        res.set(
          'Cache-Control',
          HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  router.get([CONSOLE_BASE_PATH, `${CONSOLE_BASE_PATH}/*path`], (_req, res) => {
    res.set(CONSOLE_HEADERS).set('Cache-Control', 'no-store');
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text')
        .send('The console is not built: run the build of @grove/console.');

      return;
    }
    // Relative to `root`: `send` refuses a dot-directory only in the path below its root, so the
    // console is served wherever it is installed (`~/.cache/…`, pnpm's `node_modules/.pnpm/…`).
    res.sendFile('index.html', { root: dir });
  });
};
