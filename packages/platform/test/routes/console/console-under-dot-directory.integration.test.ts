import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type * as ConsoleModule from '@grove/console';

import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

// The console's files as a user's install places them: below a dot-directory (`~/.cache/…`,
// pnpm's `node_modules/.pnpm/…`). `send` used to refuse the whole absolute path (404).
const root = mkdtempSync(join(tmpdir(), 'grove-console-'));
const installed = join(root, '.cache', 'node_modules', '.pnpm', 'console', 'app');

jest.mock('@grove/console', () => {
  const actual = jest.requireActual<typeof ConsoleModule>('@grove/console');

  return { ...actual, consoleAssetsDir: () => installed };
});

describe('console route, installed below a dot-directory', () => {
  let test: TestPlatform;

  beforeAll(async () => {
    const { consoleAssetsDir } = jest.requireActual<typeof ConsoleModule>('@grove/console');
    cpSync(consoleAssetsDir(), installed, { recursive: true });
    // Dotfiles a careless install could leave beside the app: never served.
    cpSync(join(consoleAssetsDir(), 'assets', 'grove.css'), join(installed, '.env'));
    cpSync(join(consoleAssetsDir(), 'assets', 'grove.css'), join(installed, 'assets', '.env'));
    test = await startTestPlatform({ name: 'SQLite', url: 'sqlite' });
  });
  afterAll(async () => {
    await test.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/console/', '/console/projects/1/members'])('serves the app page at %s', async path => {
    const response = await fetch(`${test.platform.url}${path}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('<div id="app"></div>');
  });

  it('serves the assets', async () => {
    const response = await fetch(`${test.platform.url}/console/assets/grove.css`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('never serves a dotfile of the assets', async () => {
    const response = await fetch(`${test.platform.url}/console/assets/.env`);

    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(':root{');
  });

  // fetch resolves `%2e%2e` itself (to /console/.env: the app page); `..%2f` reaches the server.
  it.each(['/console/.env', '/console/assets/%2e%2e/.env', '/console/assets/..%2f.env'])(
    'never serves a dotfile beside the app: %s',
    async path => {
      const response = await fetch(`${test.platform.url}${path}`);

      expect(await response.text()).not.toContain(':root{');
    },
  );
});
