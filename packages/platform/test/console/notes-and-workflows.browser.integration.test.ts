import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';
import type { Page } from 'playwright-core';

import { loginAdmin } from '../helpers/admin-client';
import { createShopDatabase } from '../helpers/agents-under-test';
import {
  ADMIN_PASSWORD,
  captureScreen,
  describeInBrowser,
  signIn,
  startConsoleWorld,
} from './helpers/console-browser';
import type { ConsoleWorld } from './helpers/console-browser';

jest.setTimeout(120_000);

describeInBrowser('console: notes on records, workflows with their webhook and runs', () => {
  let world: ConsoleWorld;
  let directory: string;
  let agent: ReturnType<typeof createAgent>;
  let token: string;
  let page: Page;
  let projectId: number;
  let environmentId: number;

  beforeAll(async () => {
    world = await startConsoleWorld();
    const { project, environment, envSecret, adminEmail } = world.bootstrap;
    projectId = project.id;
    environmentId = environment.id;
    const { models } = world.test.platform.context.db;
    // The Admin role may trigger the workflow's action (set before the agent caches the rights).
    const admin = await models.Role.findOne({ where: { projectId, name: 'Admin' } });
    await models.RoleActionRight.create({
      roleId: admin!.id,
      collectionName: 'orders',
      actionName: 'Set status',
      trigger: true,
    });
    // A real agent over a shop database: it uploads its schema (workflows are checked against
    // it) and runs the workflow's steps.
    directory = await mkdtemp(join(tmpdir(), 'grove-console-workflows-'));
    const databasePath = join(directory, 'shop.sqlite');
    await createShopDatabase(databasePath);
    agent = createAgent({
      authSecret: 'an-auth-secret-of-the-agent-under-test-32',
      envSecret,
      serverUrl: world.url,
      schemaPath: join(directory, '.schema.json'),
      isProduction: false,
      loggerLevel: 'Error',
      logger: () => undefined,
    })
      .addDataSource(createSqlDataSource(`sqlite:${databasePath}`))
      .customizeCollection('orders', orders =>
        orders.addAction('Set status', {
          scope: 'Single',
          form: [{ label: 'Status', type: 'String' }],
          execute: async context => {
            await context.collection.update(context.filter, {
              status: String(context.formValues.Status),
            });
          },
        }),
      );
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    await models.Environment.update(
      { agentUrl: `http://127.0.0.1:${agent.port}` },
      { where: { id: environmentId } },
    );
    // An API token of the admin that may trigger workflows (what a caller of the webhook holds).
    const client = await loginAdmin(world.test.platform, adminEmail, ADMIN_PASSWORD);
    const created = await client.call('POST', `/api/admin/projects/${projectId}/api-tokens`, {
      name: 'webhook caller',
      level: 'read-write',
      scopes: ['workflows:trigger'],
    });
    expect(created.status).toBe(201);
    token = created.body.token as string;

    const context = await world.newContext();
    page = await context.newPage();
    await signIn(page, adminEmail, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await agent?.stop();
    await world?.close();
    await rm(directory, { recursive: true, force: true });
  });

  const callWebhook = (url: string, recordId: string) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ record_id: recordId }),
    });

  it('creates a note on a record, adds a message and archives it', async () => {
    await page.goto(`/console/projects/${projectId}/notes`);
    await page.getByText('No note yet').waitFor();
    const form = page.getByRole('form', { name: 'New note' });
    await form.getByLabel('Collection').fill('orders');
    await form.getByLabel('Record id').fill('1');
    await form.getByLabel('Title').fill('Refund asked');
    await form.getByLabel('Content').fill('<script>alert(1)</script>');
    await form.getByRole('button', { name: 'Create note' }).click();
    // The server's message, next to its field.
    await form.getByRole('alert').filter({ hasText: 'content is empty once sanitised' }).waitFor();
    await form
      .getByLabel('Content')
      .fill('<p>Customer <b>called</b> twice<script>x()</script></p>');
    await form.getByRole('button', { name: 'Create note' }).click();

    const note = page.getByRole('article', { name: 'Refund asked' });
    await note.getByText('Customer called twice').waitFor();
    await note.getByLabel('New message').fill('Called back, refund sent');
    await note.getByRole('button', { name: 'Add message' }).click();
    await note.getByText('Called back, refund sent').waitFor();
    expect(await note.getByRole('listitem').count()).toBe(2);
    await captureScreen(page, 'notes');

    await note.getByRole('button', { name: 'Archive note' }).click();
    await page.getByText('No note yet').waitFor();
    const filters = page.getByRole('form', { name: 'Filter notes' });
    await filters.getByLabel('Include archived notes').check();
    await filters.getByLabel('Record id').fill('1');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await note.getByText('Archived', { exact: true }).waitFor();
    expect(await note.getByLabel('New message').count()).toBe(0);

    const { models } = world.test.platform.context.db;
    const rows = await models.Note.findAll({ where: { environmentId } });
    expect(rows.map(row => [row.title, row.recordId, row.archivedAt !== null])).toEqual([
      ['Refund asked', '1', true],
    ]);
    const messages = await models.NoteMessage.findAll({
      where: { noteId: rows[0]!.id },
      order: [['id', 'ASC']],
    });
    expect(messages.map(message => message.content)).toEqual([
      '<p>Customer <b>called</b> twice</p>',
      'Called back, refund sent',
    ]);
    const logs = await models.ActivityLog.findAll({
      where: { environmentId, collectionName: 'orders' },
      order: [['id', 'ASC']],
    });
    expect(logs.map(log => [log.action, log.source, log.userEmail])).toEqual([
      ['createNote', 'ui', world.bootstrap.adminEmail],
      ['createMessage', 'ui', world.bootstrap.adminEmail],
      ['archiveNote', 'ui', world.bootstrap.adminEmail],
    ]);
  });

  it('creates a workflow, copies and regenerates its webhook URL, and shows its runs', async () => {
    await page.goto(`/console/projects/${projectId}/workflows`);
    await page.getByText('No workflow yet').waitFor();
    const form = page.getByRole('form', { name: 'New workflow' });
    await form.getByLabel('Workflow name').fill('Ship');
    await form.getByLabel('Collection').fill('invoices');
    await form.getByLabel('Step 1 action').fill('Set status');
    await form.getByLabel('Step 1 form values (JSON)').fill('["shipped"]');
    await form.getByRole('button', { name: 'Create workflow' }).click();
    // Checked in the page: the values must be a JSON object.
    await form.getByRole('alert').filter({ hasText: 'must be a JSON object' }).waitFor();
    await form.getByLabel('Step 1 form values (JSON)').fill('{ "Status": "shipped" }');
    await form.getByLabel('Enable the webhook').check();
    await form.getByRole('button', { name: 'Create workflow' }).click();
    // Checked by the platform against the agent's schema, shown next to the collection.
    await form
      .getByRole('alert')
      .filter({ hasText: 'The collection "invoices" does not exist' })
      .waitFor();
    await form.getByLabel('Collection').fill('orders');
    await form.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow: Ship' }).waitFor();

    const urlField = page.getByRole('textbox', { name: 'Webhook URL' });
    const firstUrl = await urlField.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^${world.url}/v1/webhooks/workflows/`));
    await page.getByRole('button', { name: 'Copy webhook URL' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(firstUrl);
    // No secret in the page's URL or storage.
    expect(page.url()).not.toContain(firstUrl.split('/').pop()!);
    expect(await page.evaluate('localStorage.length + sessionStorage.length')).toBe(0);

    // A run through the webhook, as a caller with a token would: the agent runs the step.
    const accepted = await callWebhook(firstUrl, '1');
    expect(accepted.status).toBe(202);
    const runs = page.getByRole('table', { name: 'Runs of the workflow' });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await page.getByRole('button', { name: 'Refresh runs' }).click();
      await page.waitForTimeout(100);
      if ((await runs.getByText('succeeded').count()) >= 2) break;
    }
    const row = runs.getByRole('row').nth(1);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      'succeeded',
      '1',
      world.bootstrap.adminEmail,
      'webhook',
      'Set status: succeeded',
    ]);
    await captureScreen(page, 'workflow');

    await page.getByRole('button', { name: 'Regenerate URL' }).click();
    await page
      .getByRole('dialog', { name: 'Regenerate the webhook URL?' })
      .getByRole('button', { name: 'Regenerate' })
      .click();
    // The field shows the new URL once regenerated (the page's CSP forbids waitForFunction).
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await urlField.inputValue()) !== firstUrl) break;
      await page.waitForTimeout(50);
    }
    const secondUrl = await urlField.inputValue();
    expect(secondUrl).not.toBe(firstUrl);
    const refused = await callWebhook(firstUrl, '2');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'superseded_url' });

    await page.getByRole('button', { name: 'Disable webhook' }).click();
    await page.getByRole('button', { name: 'Enable webhook' }).waitFor();
    expect((await callWebhook(secondUrl, '2')).status).toBe(404);

    await page.getByRole('link', { name: 'All workflows' }).click();
    await page.getByRole('link', { name: 'Ship' }).waitFor();
    await captureScreen(page, 'workflows');
  });
});
