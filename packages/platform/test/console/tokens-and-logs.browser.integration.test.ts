import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

import { signSessionToken } from '@grove/platform-client';
import type { Locator, Page } from 'playwright-core';

import { startBooksAgent } from '../helpers/books-agent';
import { renderingOf } from '../helpers/user-tokens';
import {
  ADMIN_PASSWORD,
  captureScreen,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

jest.setTimeout(120_000);

/** Everything the page keeps in its storages and its URL, to look for a secret in. */
const stored = (page: Page) =>
  page.evaluate<string>(
    'JSON.stringify([{ ...localStorage }, { ...sessionStorage }, location.href, history.state])',
  );

/** Waits until `locator` matches `count` elements (the page's CSP forbids string predicates). */
async function countBecomes(locator: Locator, count: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await locator.count()) === count) return;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  expect(await locator.count()).toBe(count);
}

/** Clicks a download link and answers the file's content. */
async function downloaded(page: Page, link: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: link }).click(),
  ]);

  return readFile(await download.path(), 'utf8');
}

describeInBrowser('console: API tokens, activity logs and admin logs', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(() => world.close());

  /** Makes the bootstrap environment's agent serve a list and a get of `books` to a user. */
  async function agentOperations(): Promise<void> {
    const { platform } = world.test;
    const { models } = platform.context.db;
    const projectId = world.bootstrap.project.id;
    const authSecret = randomBytes(24).toString('hex');
    const renderingId = await renderingOf(platform, 'Operations');
    const role = await models.Role.findOne({ where: { projectId, name: 'Admin' } });
    const user = await models.User.create({
      email: 'ada@grove.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      permissionLevel: 'admin',
    });
    await models.ProjectMember.create({ projectId, userId: user.id, roleId: role!.id });
    const rendering = await models.Rendering.findByPk(renderingId);
    await models.TeamMember.create({ teamId: rendering!.teamId, userId: user.id });
    const token = await signSessionToken(
      {
        id: user.id,
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        team: 'Operations',
        role: 'Admin',
        permissionLevel: 'admin',
        renderingId,
        tags: {},
      },
      { secret: authSecret, expiresInSeconds: 3600 },
    );
    const agent = await startBooksAgent({
      serverUrl: world.url,
      envSecret: world.bootstrap.envSecret,
      authSecret,
    });
    try {
      for (const path of ['books?page[number]=1&page[size]=10', 'books/1']) {
        const response = await fetch(
          `${agent.url}/forest/${path}${path.includes('?') ? '&' : '?'}timezone=UTC`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        expect([path, response.status]).toEqual([path, 200]);
      }
    } finally {
      // Stopping the agent sends its queued read logs.
      await agent.stop();
    }
  }

  it('generates a token shown once, uses it, sees the logs, and revokes it', async () => {
    const context = await world.newContext();
    const page = await context.newPage();
    const projectId = world.bootstrap.project.id;
    await signIn(page, world.bootstrap.adminEmail, ADMIN_PASSWORD);

    // Account settings > Generate New Token.
    await page.goto('/console/account');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await page.locator('#main').getByText(world.bootstrap.adminEmail).waitFor();
    expect(await page.getByRole('link', { name: 'Change password' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Generate New Token' }).waitFor();
    await captureScreen(page, 'account-settings');

    // The server's message lands next to its field.
    await page.getByLabel('Token name').fill('SIEM export');
    await page.getByRole('button', { name: 'Generate token' }).click();
    await page.getByRole('alert').filter({ hasText: 'scopes is a non-empty list' }).waitFor();

    await page.getByLabel('Level').selectOption('read-only');
    await page.getByLabel('activity_logs:read').check();
    await page.getByLabel('admin_logs:read').check();
    await page.getByRole('button', { name: 'Generate token' }).click();
    const secret = page.getByTestId('secret-value');
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();
    expect(token.length).toBeGreaterThan(20);
    await page.getByText('it is shown this once').waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    // Reading the clipboard needs the page focused.
    await page.bringToFront();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
    await captureScreen(page, 'token-created');
    expect(await stored(page)).not.toContain(token);
    expect(page.url()).not.toContain(token);

    // The token works against /v1.
    const v1 = (path: string) =>
      fetch(`${world.url}/v1/project/My%20project/${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await v1('admin-logs')).status).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByTestId('secret-value').waitFor({ state: 'detached' });

    // The agent's operations, in the activity logs.
    await agentOperations();
    await page.goto(`/console/projects/${projectId}/activity-logs`);
    await page.getByRole('heading', { name: 'Activity logs' }).waitFor();
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'books' }).filter({ hasText: 'index' }).waitFor();
    await rows.filter({ hasText: 'books' }).filter({ hasText: 'read' }).first().waitFor();
    expect(await rows.filter({ hasText: 'ada@grove.test' }).count()).toBe(2);
    await captureScreen(page, 'activity-logs');

    // Filters: the server's message next to its field, then a filter that applies.
    await page.getByLabel('From').fill('2026-01-12');
    await page.getByLabel('To').fill('2026-01-10');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByRole('alert').filter({ hasText: 'to is after from' }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Action').fill('index');
    await page.getByLabel('Collection').fill('books');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await countBecomes(page.locator('tbody tr'), 1);
    expect(await rows.filter({ hasText: 'index' }).count()).toBe(1);

    const csv = await downloaded(page, 'Export CSV');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,createdAt,userEmail,team,collection,action,label,type,recordIds,source,status',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',ada@grove.test,Operations,books,index,');
    const ndjson = await downloaded(page, 'Export NDJSON');
    expect(JSON.parse(ndjson.trim())).toMatchObject({
      action: 'index',
      collection: { name: 'books' },
    });

    // The token's creation, in the admin logs, its values side by side; older changes page.
    await world.test.platform.context.db.models.AdminLog.bulkCreate(
      Array.from({ length: 60 }, (_, i) => ({
        projectId,
        resourceType: 'team',
        resourceId: String(1000 + i),
        action: 'update',
        previousValues: { name: `Old ${i}` },
        newValues: { name: `Team ${i}` },
        initiatorId: null,
        initiatorEmail: 'former@grove.test',
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
      })),
    );
    await page.goto(`/console/projects/${projectId}/admin-logs`);
    await page.getByRole('heading', { name: 'Admin logs' }).waitFor();
    const entries = page.getByRole('list', { name: 'Admin logs' }).getByRole('listitem');
    await countBecomes(entries, 50);
    const pager = page.getByRole('navigation', { name: 'Admin logs pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2').waitFor();
    await entries.filter({ hasText: 'team #1000' }).waitFor();
    expect(await entries.filter({ hasText: 'api-token' }).count()).toBe(0);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await pager.getByText('Page 1').waitFor();
    await countBecomes(entries, 50);
    await page.getByLabel('Resource type').selectOption('api-token');
    await page.getByLabel('Action').fill('create');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await countBecomes(entries, 1);
    await entries.first().getByText('Values of create api-token').click();
    const diff = entries.first().locator('.diff');
    await diff.getByText('"SIEM export"').waitFor();
    expect(await diff.locator('figure').first().textContent()).toBe('Previous values—');
    await captureScreen(page, 'admin-logs');
    const adminCsv = await downloaded(page, 'Export CSV');
    expect(adminCsv).toContain(',api-token,');
    expect(adminCsv).toContain('""name"":""SIEM export""');
    expect(adminCsv).not.toContain(token);

    // API access: the token with its dates; revoked after the confirmation.
    await page.goto(`/console/projects/${projectId}/api-access`);
    await page.getByRole('heading', { name: 'API access' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'SIEM export' });
    await row.waitFor();
    expect(await row.textContent()).toContain('activity_logs:read, admin_logs:read');
    expect(await row.textContent()).toContain('Read-Only');
    expect(await row.textContent()).toContain(world.bootstrap.adminEmail);
    await row.getByText('active').waitFor();
    await captureScreen(page, 'api-access');
    await row.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke SIEM export?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('status').filter({ hasText: 'Token SIEM export revoked.' }).waitFor();
    await row.getByText('revoked').waitFor();
    expect((await v1('admin-logs')).status).toBe(401);

    expect(await stored(page)).not.toContain(token);
    await context.close();
  });
});
