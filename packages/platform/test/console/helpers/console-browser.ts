import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import { describeOrSkip } from '@grove/datasource-toolkit/testing';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { BootstrapResult } from '../../../src';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

/**
 * Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it), or the one named by
 * `CHROMIUM_PATH`. Nothing downloads a browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser suites can run here. */
export const hasChromium = existsSync(CHROMIUM_PATH);

/**
 * `describe` when Chromium is installed; otherwise the suite's tests are reported skipped, with
 * one line that says why, so a run without the browser reports what it did not test.
 */
export function describeInBrowser(name: string, body: () => void): void {
  describeOrSkip(
    hasChromium ? undefined : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
    name,
    body,
  );
}

/**
 * Chromium headless, as the machine's closed network needs it: no background networking, no
 * component updates, no sync (each would try to reach Google's hosts), a fresh profile.
 */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** The bootstrap admin's known password in browser tests. */
export const ADMIN_PASSWORD = 'console-test-password-1';

/** A running platform with its console, a browser, and the bootstrap admin. */
export interface ConsoleWorld {
  readonly test: TestPlatform;
  readonly url: string;
  readonly bootstrap: BootstrapResult;
  readonly browser: Browser;
  /** A new browser context (its own cookies) at desktop width, with clipboard access. */
  newContext(): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** Options of {@link startConsoleWorld}. */
export interface ConsoleWorldOptions {
  /**
   * A real first start: the bootstrap admin gets a generated one-time password (in
   * `world.bootstrap.adminPassword`) which they must change at their first sign-in, instead of
   * the known {@link ADMIN_PASSWORD}.
   */
  readonly firstStart?: boolean;
}

/**
 * Starts a platform (SQLite, random port) with a known bootstrap admin password (or a first
 * start's one-time password, see {@link ConsoleWorldOptions}) and launches Chromium. Pair with
 * `world.close()` in `afterAll`.
 *
 * @example
 * ```ts
 * let world: ConsoleWorld;
 * beforeAll(async () => { world = await startConsoleWorld(); });
 * afterAll(() => world.close());
 * ```
 */
export async function startConsoleWorld(options: ConsoleWorldOptions = {}): Promise<ConsoleWorld> {
  const test = await startTestPlatform(
    { name: 'SQLite', url: 'sqlite' },
    {
      bootstrap: options.firstStart
        ? { mustChangePassword: true }
        : { adminPassword: ADMIN_PASSWORD },
    },
  );
  const browser = await launchChromium().catch(async error => {
    await test.stop();
    throw error;
  });
  const url = test.platform.url;

  return {
    test,
    url,
    bootstrap: test.platform.bootstrap as BootstrapResult,
    browser,
    newContext: () =>
      browser.newContext({
        baseURL: url,
        viewport: DESKTOP,
        permissions: ['clipboard-read', 'clipboard-write'],
      }),
    close: async () => {
      await browser.close();
      await test.stop();
    },
  };
}

/** Signs in through the console's sign-in page and waits for the first signed-in screen. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/console/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).first().waitFor();
}

const DESKTOP = { width: 1280, height: 800 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Where the tests write the console's screenshots (shown by packages/console/README.md). */
export const SCREENSHOTS_DIR = join(__dirname, '..', '..', '..', '..', 'console', 'screenshots');

/**
 * Checks the page as it is now with axe-core (WCAG 2 A and AA rules: labels, names, contrast,
 * landmarks, ARIA use…) and fails with the list of violations.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map(
    violation =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ` +
      violation.nodes.map(node => node.target.join(' ')).join(', '),
  );
  expect(found).toEqual([]);
}

/**
 * Writes `<name>-desktop.png` and `<name>-phone.png` of the page as it is now (whole page), and
 * checks it with {@link expectAccessible} at both widths; then puts the desktop width back.
 *
 * @example
 * ```ts
 * await captureScreen(page, 'api-access');
 * ```
 */
export async function captureScreen(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-desktop.png`), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-phone.png`), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}
