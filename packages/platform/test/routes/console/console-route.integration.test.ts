import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { consoleAssetsDir } from '@grove/console';

import { createPlatform } from '../../../src';
import type { Platform } from '../../../src';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe('console route (/console)', () => {
  let test: TestPlatform;
  let url: string;

  beforeAll(async () => {
    test = await startTestPlatform({ name: 'SQLite', url: 'sqlite' });
    url = test.platform.url;
  });
  afterAll(() => test.stop());

  it('leads from / to the console', async () => {
    const response = await fetch(`${url}/`, { redirect: 'manual' });

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/console/');
  });

  it.each(['/console', '/console/', '/console/projects/1/api-access'])(
    'serves the app page at %s, never cached, with a policy that allows no inline script',
    async path => {
      const response = await fetch(`${url}${path}`);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(await response.text()).toContain('<div id="app"></div>');
    },
  );

  it('serves hashed assets as immutable and the stable stylesheet revalidated', async () => {
    const script = readdirSync(join(consoleAssetsDir(), 'assets')).find(name =>
      name.endsWith('.js'),
    );
    const js = await fetch(`${url}/console/assets/${script}`);
    const css = await fetch(`${url}/console/assets/grove.css`);

    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(css.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset, not the app page', async () => {
    const response = await fetch(`${url}/console/assets/missing-0123456789.js`);

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/^text\/html/);
  });

  it('does not serve files outside the build (path traversal)', async () => {
    const response = await fetch(`${url}/console/assets/..%2f..%2fpackage.json`);

    expect([400, 403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain('"name": "@grove/console"');
  });

  it('is not served in sandbox mode', async () => {
    const sandbox: Platform = await createPlatform({
      mode: 'sandbox',
      port: 0,
      logger: () => undefined,
    });
    try {
      expect((await fetch(`${sandbox.url}/console/`)).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
