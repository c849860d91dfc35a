import type { Page } from 'playwright-core';

import {
  ADMIN_PASSWORD,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

/** Calls the admin API from the signed-in page (its cookie, its CSRF token). */
async function adminCall(page: Page, method: 'POST', path: string, data: unknown) {
  const session = await page.request.get('/api/admin/session');
  const { csrfToken } = ((await session.json()) as { data: { csrfToken: string } }).data;
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(response.status()).toBe(201);
}

describeInBrowser('console: long lists page', () => {
  let world: ConsoleWorld;

  beforeAll(async () => {
    world = await startConsoleWorld();
  });
  afterAll(() => world.close());

  it('pages teams and pending invitations 20 at a time', async () => {
    const context = await world.newContext();
    const page = await context.newPage();
    await signIn(page, world.bootstrap.adminEmail, ADMIN_PASSWORD);
    const base = `/api/admin/projects/${world.bootstrap.project.id}`;
    const userRole = await world.test.platform.context.db.models.Role.findOne({
      where: { projectId: world.bootstrap.project.id, name: 'User' },
    });
    for (let i = 1; i <= 24; i += 1) {
      const n = String(i).padStart(2, '0');
      await adminCall(page, 'POST', `${base}/teams`, { name: `Team ${n}` });
      await adminCall(page, 'POST', `${base}/invitations`, {
        email: `person${n}@example.com`,
        roleId: userRole!.id,
      });
    }

    await page.goto(`/console/projects/${world.bootstrap.project.id}/teams`);
    const teams = page.getByRole('navigation', { name: 'Teams pages' });
    await teams.getByText('Page 1').waitFor();
    // 25 teams (the bootstrap team and 24): 20 on the first page, 5 on the second.
    expect(await page.getByRole('heading', { level: 2, name: /^Team \d\d$/ }).count()).toBe(19);
    await teams.getByRole('button', { name: 'Next' }).click();
    await teams.getByText('Page 2').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: /^Team \d\d$/ }).count()).toBe(5);
    expect(await teams.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.goto(`/console/projects/${world.bootstrap.project.id}/users`);
    const invitations = page.getByRole('navigation', { name: 'Pending invitations pages' });
    await invitations.getByText('Page 1').waitFor();
    expect(await page.getByRole('cell', { name: /^person\d\d@example\.com$/ }).count()).toBe(20);
    await invitations.getByRole('button', { name: 'Next' }).click();
    expect(await page.getByRole('cell', { name: /^person\d\d@example\.com$/ }).count()).toBe(4);
    await context.close();
  });
});
