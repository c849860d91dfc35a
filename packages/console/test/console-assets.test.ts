import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CONSOLE_BASE_PATH, CONSOLE_STYLESHEET_PATH, consoleAssetsDir } from '../src';

// The build (`vite build`) runs before the tests (turbo: test depends on build).
describe('consoleAssetsDir', () => {
  const index = readFileSync(join(consoleAssetsDir(), 'index.html'), 'utf8');

  it('holds the built app: its page loads one hashed module script and the stable stylesheet', () => {
    expect(index).toMatch(
      /<script type="module" crossorigin src="\/console\/assets\/index-[\w-]{8,}\.js">/,
    );
    expect(index).toContain(`href="${CONSOLE_STYLESHEET_PATH}"`);
    expect(existsSync(join(consoleAssetsDir(), 'assets', 'grove.css'))).toBe(true);
  });

  it('has no inline script (the platform serves it with script-src self)', () => {
    const scripts = index.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(1);
    expect(scripts.every(tag => / src="/.test(tag))).toBe(true);
  });

  it('is addressed under /console', () => {
    expect(CONSOLE_BASE_PATH).toBe('/console');
    expect(CONSOLE_STYLESHEET_PATH).toBe('/console/assets/grove.css');
  });
});
