import type { Page } from 'playwright-core';

import { agentCall } from '../helpers/agent-call';
import { sampleApimap } from '../helpers/sample-apimap';
import {
  ADMIN_PASSWORD,
  captureScreen,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

describeInBrowser('console: environments, users, teams, roles and scopes', () => {
  jest.setTimeout(60_000);
  let world: ConsoleWorld;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    world = await startConsoleWorld();
    page = await (await world.newContext()).newPage();
    await signIn(page, world.bootstrap.adminEmail, ADMIN_PASSWORD);
    base = `/console/projects/${world.bootstrap.project.id}`;
  });
  afterAll(() => world.close());

  const models = () => world.test.platform.context.db.models;
  const agentStatus = async (secret: string) =>
    (await agentCall(world.url, secret, '/liana/v1/ip-whitelist-rules')).status;
  const fieldError = (label: string) =>
    page
      .locator('.field', { has: page.getByLabel(label, { exact: true }) })
      .locator('.field-error');
  /** The value `read` answers once it is truthy (the UI saves in the background), or after 5 s. */
  const eventually = async <T>(read: () => Promise<T>): Promise<T> => {
    for (let tries = 0; tries < 50; tries += 1) {
      const value = await read();
      if (value) return value;
      await new Promise(resolve => setTimeout(resolve, 100));
    }

    return read();
  };
  const shownSecret = async () => {
    const value = page.getByTestId('secret-value');
    await value.waitFor();

    return (await value.textContent())!.trim();
  };

  it('creates an environment, copies its secret that works, and shows a server error by its field', async () => {
    await page.goto(`${base}/environments`);
    await page.getByRole('heading', { name: 'Environments' }).waitFor();
    await page.getByLabel('Environment name').fill('x'.repeat(300));
    await page.getByRole('button', { name: 'Create environment' }).click();
    await fieldError('Environment name').filter({ hasText: 'environment name must be' }).waitFor();

    await page.getByLabel('Environment name').fill('Staging');
    await page.getByLabel('Agent URL').fill('http://localhost:3999');
    await page.getByRole('button', { name: 'Create environment' }).click();
    const secret = await shownSecret();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
    expect(await agentStatus(secret)).toBe(200);
    expect(await page.evaluate('localStorage.length + sessionStorage.length')).toBe(0);
    expect(page.url()).not.toContain(secret);
    await page.getByRole('link', { name: 'Staging' }).waitFor();
    await captureScreen(page, 'environments');
  });

  it('renames the environment, sets its IP whitelist and regenerates its secret', async () => {
    const environment = (await models().Environment.findOne({ where: { name: 'Staging' } }))!;
    await page.goto(`${base}/environments`);
    await page.getByRole('link', { name: 'Staging' }).click();
    await page.getByRole('heading', { name: 'Environment Staging' }).waitFor();

    await page.getByLabel('Environment name').fill('Staging EU');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('heading', { name: 'Environment Staging EU' }).waitFor();

    await page.getByLabel('Only allow requests from these addresses').check();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('IP address').fill('127.0.0.1');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const second = page.getByRole('group', { name: 'Rule 2' });
    await second.getByLabel('Type').selectOption({ label: 'Subnet (CIDR)' });
    await second.getByLabel('Subnet').fill('10.0.0.0/99');
    await page.getByRole('button', { name: 'Save IP whitelist' }).click();
    await page
      .locator('.ip-rule')
      .nth(1)
      .getByRole('alert')
      .filter({ hasText: 'ipWhitelist.rules[1]: the range must be a CIDR' })
      .waitFor();
    await second.getByLabel('Subnet').fill('10.0.0.0/8');
    await page.getByRole('button', { name: 'Save IP whitelist' }).click();
    await page.getByText('IP whitelist saved.').waitFor();
    const saved = (await models().Environment.findByPk(environment.id))!;
    expect(saved.name).toBe('Staging EU');
    expect(saved.ipWhitelistEnabled).toBe(true);
    expect(saved.ipWhitelistRules).toEqual([
      { type: 0, ip: '127.0.0.1' },
      { type: 2, range: '10.0.0.0/8' },
    ]);
    await captureScreen(page, 'environment');

    const previous = await (async () => {
      // The secret of the first test is gone from the page; create a known state again.
      await page.getByRole('button', { name: 'Regenerate secret' }).click();
      await page.getByRole('button', { name: 'Regenerate', exact: true }).click();

      return shownSecret();
    })();
    expect(await agentStatus(previous)).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Regenerate secret' }).click();
    await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const next = await shownSecret();
    expect(next).not.toBe(previous);
    expect(await agentStatus(next)).toBe(200);
    expect([401, 403]).toContain(await agentStatus(previous));
  });

  it('creates and renames a team', async () => {
    await page.goto(`${base}/teams`);
    await page.getByLabel('Name of the new team').fill('Support');
    await page.getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('heading', { name: 'Support' }).waitFor();
    await page.getByLabel('New name of the team Support').fill('Helpdesk');
    await page.getByRole('button', { name: 'Rename' }).nth(1).click();
    await page.getByRole('heading', { name: 'Helpdesk' }).waitFor();
    expect(
      await models().Team.count({
        where: { projectId: world.bootstrap.project.id, name: 'Helpdesk' },
      }),
    ).toBe(1);
    await captureScreen(page, 'teams');
  });

  it("creates a role and saves its rights on the environment's schema", async () => {
    await page.goto(`${base}/roles`);
    await page.getByLabel('Name of the new role').fill('Auditor');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.getByRole('link', { name: 'Auditor' }).waitFor();
    await captureScreen(page, 'roles');

    await page.getByRole('link', { name: 'Auditor' }).click();
    await page.getByRole('heading', { name: 'Role Auditor' }).waitFor();
    await page.getByText('No collection yet in this environment').waitFor();

    const upload = await agentCall(world.url, world.bootstrap.envSecret, '/forest/apimaps', {
      body: sampleApimap(),
    });
    expect(upload.status).toBe(204);
    await page.reload();
    await page.getByLabel('browse orders').check();
    await page.getByLabel('read orders').check();
    await page.getByLabel('export customers').check();
    await page.getByLabel('Trigger Archive on orders').check();
    await page.getByRole('button', { name: 'Save rights' }).click();
    await page.getByText('Rights saved.').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Role Auditor' }).waitFor();
    expect(await page.getByLabel('browse orders').isChecked()).toBe(true);
    expect(await page.getByLabel('read orders').isChecked()).toBe(true);
    expect(await page.getByLabel('edit orders').isChecked()).toBe(false);
    expect(await page.getByLabel('export customers').isChecked()).toBe(true);
    expect(await page.getByLabel('Trigger Archive on orders').isChecked()).toBe(true);
    const role = (await models().Role.findOne({ where: { name: 'Auditor' } }))!;
    const rights = await models().RoleCollectionRight.findAll({
      where: { roleId: role.id },
      order: [['collectionName', 'ASC']],
    });
    expect(rights.map(right => right.get({ plain: true }))).toEqual([
      expect.objectContaining({ collectionName: 'customers', browse: false, export: true }),
      expect.objectContaining({ collectionName: 'orders', browse: true, read: true, edit: false }),
    ]);
    const action = await models().RoleActionRight.findOne({ where: { roleId: role.id } });
    expect(action).toMatchObject({
      collectionName: 'orders',
      actionName: 'Archive',
      trigger: true,
    });
    await captureScreen(page, 'role-rights');
  });

  it('edits a scope as conditions, with the server message next to the condition', async () => {
    await page.goto(`${base}/scopes`);
    await page.getByLabel('Collection').selectOption('orders');
    await page.getByRole('heading', { name: 'Scope on orders' }).waitFor();
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByLabel('Field of condition 1').selectOption('status');
    await page.getByLabel('Operator of condition 1').selectOption('equal');
    await page.getByLabel('Value of condition 1').fill('{{currentUser.nope}}');
    await page.getByRole('button', { name: 'Save scope' }).click();
    await page
      .locator('.condition')
      .getByRole('alert')
      .filter({ hasText: 'unknown template' })
      .waitFor();
    await page.getByLabel('Value of condition 1').fill('paid');
    await page.getByRole('button', { name: 'Save scope' }).click();
    await page.getByText('Scope saved.').waitFor();

    const team = (await models().Team.findOne({ where: { name: 'Operations' } }))!;
    const rendering = (await models().Rendering.findOne({
      where: { teamId: team.id, environmentId: world.bootstrap.environment.id },
    }))!;
    expect((rendering.collections as Record<string, { scope: unknown }>).orders!.scope).toEqual({
      field: 'status',
      operator: 'equal',
      value: 'paid',
    });
    await page.reload();
    await page.getByLabel('Collection').selectOption('orders');
    expect(await page.getByLabel('Value of condition 1').inputValue()).toBe('paid');
    await captureScreen(page, 'scopes');
  });

  it('invites a user, shows the link once, and refuses to invite a member', async () => {
    await page.goto(`${base}/users`);
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(world.bootstrap.adminEmail);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await fieldError('Email').filter({ hasText: 'already a member' }).waitFor();

    await page.getByLabel('Email', { exact: true }).fill('new.user@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = await shownSecret();
    expect(link).toMatch(/\/invitations\/[\w-]+$/);
    await page.getByRole('cell', { name: 'new.user@example.com' }).waitFor();
    const invitation = (await models().Invitation.findOne({
      where: { email: 'new.user@example.com' },
    }))!;
    const editor = (await models().Role.findOne({ where: { name: 'Editor' } }))!;
    expect(invitation.roleId).toBe(editor.id);
    await captureScreen(page, 'users');

    // Change team: the admin joins Helpdesk (the team created above).
    const helpdesk = (await models().Team.findOne({ where: { name: 'Helpdesk' } }))!;
    await page.getByLabel(`${world.bootstrap.adminEmail} in team Helpdesk`).click();
    expect(
      await eventually(() => models().TeamMember.count({ where: { teamId: helpdesk.id } })),
    ).toBe(1);
    await page.getByRole('button', { name: 'Cancel invitation' }).waitFor();
    // The box shows the saved membership once the members are read again (in the background).
    expect(
      await eventually(() =>
        page.getByLabel(`${world.bootstrap.adminEmail} in team Helpdesk`).isChecked(),
      ),
    ).toBe(true);
    // The last Admin cannot become an Editor: the server says why, above the table.
    await page
      .getByLabel(`Role of ${world.bootstrap.adminEmail}`)
      .selectOption({ label: 'Editor' });
    await page.getByRole('alert').filter({ hasText: 'without an Admin' }).waitFor();
  });
});
