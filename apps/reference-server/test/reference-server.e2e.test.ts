import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createAgentClient } from '@grove/agent-client';
import type { AgentClient } from '@grove/agent-client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

import { connectWithOAuth } from './helpers/mcp-oauth-client';
import { stopProcessGroup } from './helpers/stop-process-group';
import type { TestOAuthProvider } from './helpers/mcp-oauth-client';

const root = join(__dirname, '../../..');
const envSecret = 'ab'.repeat(32);
const authSecret = 'reference-server-e2e-auth-secret-0123456789';

interface Printed {
  readonly agentUrl: string;
  readonly platformUrl: string;
  readonly token: string;
  readonly curl: string;
}

/** Reads what the start command prints until the server says it is running. */
function waitForBanner(child: ChildProcessWithoutNullStreams, output: string[]): Promise<Printed> {
  return new Promise((resolve, reject) => {
    child.on('exit', code => reject(new Error(`the server exited (${code}):\n${output.join('')}`)));
    child.stdout.on('data', () => {
      const text = output.join('');
      const agentUrl = /Agent: +(\S+)/.exec(text)?.[1];
      const platformUrl = /Platform: +(\S+)/.exec(text)?.[1];
      const token = /export GROVE_TOKEN=(\S+)/.exec(text)?.[1];
      const curl = /(curl .+)/.exec(text)?.[1];
      if (agentUrl && platformUrl && token && curl && text.includes('Press Ctrl+C')) {
        resolve({ agentUrl, platformUrl, token, curl });
      }
    });
  });
}

/** A JSON answer, read loosely: each test asserts the fields it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON the test asserts on
type Json = any;

/** A console session of the platform's admin API (cookie + CSRF header), as the console holds. */
async function adminSession(platformUrl: string, email: string, password: string) {
  const login = await fetch(`${platformUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const { csrfToken } = ((await login.json()) as { data: { csrfToken: string } }).data;

  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${platformUrl}${path}`, {
      method,
      headers: {
        cookie,
        'x-csrf-token': csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();

    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };
}

/** Calls `/v1` with an API token. */
async function publicApi(url: string, token: string, method = 'GET', body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Json,
  };
}

/** Polls until `read` returns a value (the agent sends read logs in batches, runs go on in the background). */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** `GET` of a JSON document, which must answer 200. */
async function getJson(url: string): Promise<Json> {
  const response = await fetch(url);
  expect(response.status).toBe(200);

  return response.json();
}

/** The text of a tool result. */
function text(result: Json): string {
  return (result.content as Array<{ text?: string }>).map(part => part.text ?? '').join('\n');
}

/** Calls a tool that must succeed: its structured result. */
async function callTool(mcp: Client, name: string, args: Record<string, unknown>): Promise<Json> {
  const result = await mcp.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);

  return result.structuredContent;
}

/** A TCP port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>(resolve => probe.close(() => resolve()));

  return port;
}

/** Waits (at most `timeoutMs`) for a process to print a line matching `pattern`. */
function waitForLine(
  child: ChildProcessWithoutNullStreams,
  output: string[],
  pattern: RegExp,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output.join('')}`)),
      timeoutMs,
    );
    const check = () => {
      if (pattern.test(output.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`the process exited (${code}):\n${output.join('')}`));
    });
    check();
  });
}

describe('the reference server, started as a user starts it (npm start)', () => {
  let directory: string;
  let child: ChildProcessWithoutNullStreams;
  let printed: Printed;
  let client: AgentClient;
  const output: string[] = [];

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-reference-'));
    child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      // Its own process group: stopping it stops npm, the start script and the server.
      detached: true,
      env: {
        ...process.env,
        PORT: '0',
        GROVE_PLATFORM_PORT: '0',
        GROVE_PLATFORM_DATABASE_URL: `sqlite:${join(directory, 'platform.sqlite')}`,
        DATABASE_URL: `sqlite:${join(directory, 'demo.sqlite')}`,
        GROVE_SCHEMA_PATH: join(directory, '.grove-schema.json'),
        GROVE_AUTH_SECRET: authSecret,
        GROVE_ENV_SECRET: envSecret,
        GROVE_START_QUIET: '1',
      },
    });
    child.stdout.on('data', chunk => output.push(String(chunk)));
    child.stderr.on('data', chunk => output.push(String(chunk)));
    printed = await waitForBanner(child, output);
    // The printed token: the platform's admin, with the rights the platform stores.
    client = createAgentClient({
      url: printed.agentUrl,
      token: printed.token,
      schema: JSON.parse(await readFile(join(directory, '.grove-schema.json'), 'utf8')),
    });
  }, 300_000);

  afterAll(async () => {
    // Every process of the group gone first: the server closes its SQLite files after npm exits.
    await stopProcessGroup(child);
    await rm(directory, { recursive: true, force: true });
  });

  /** The admin's own password, once the first sign-in changed the printed one-time one. */
  let chosenPassword: string | undefined;

  /** The admin's login: the printed email, and the password chosen at the first sign-in. */
  const adminLogin = () => {
    const [, email, password] = /Admin: +(\S+) \/ (\S+)/.exec(output.join('')) as RegExpExecArray;

    // Needed (the index is unchecked): the rule misreads the type on the right of `??`.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return { email: email as string, password: chosenPassword ?? (password as string) };
  };

  it("prints the platform's admin login, with its one-time password on this first start", () => {
    const admin = /Admin: +(\S+) \/ (\S+)/.exec(output.join(''));

    expect(admin?.[1]).toBe('admin@grove.local');
    expect(admin?.[2]?.length).toBeGreaterThanOrEqual(16);
  });

  it('makes the first sign-in choose a new password, as the console asks, before anything else', async () => {
    const { email, password } = adminLogin();
    const admin = await adminSession(printed.platformUrl, email, password);
    expect((await admin('GET', '/api/admin/session')).body.data.user.mustChangePassword).toBe(true);
    expect((await admin('GET', '/api/admin/projects')).status).toBe(403);

    const changed = await admin('POST', '/api/admin/session/password', {
      currentPassword: password,
      newPassword: 'reference-admin-password-1',
    });
    expect(changed.status).toBe(204);
    chosenPassword = 'reference-admin-password-1';
    expect((await admin('GET', '/api/admin/projects')).status).toBe(200);
  });

  it("prints the console's address, where the platform serves the console", async () => {
    const consoleUrl = /Console: +(\S+)/.exec(output.join(''))?.[1] as string;
    const response = await fetch(consoleUrl);

    expect(consoleUrl).toBe(`${printed.platformUrl}/console/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await response.text()).toContain('<div id="app"></div>');
  });

  it('prints the MCP endpoint of the agent, which asks AI clients for an OAuth token', async () => {
    const mcpUrl = /MCP: +(\S+)/.exec(output.join(''))?.[1] as string;
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

    expect(mcpUrl).toBe(printed.agentUrl.replace(/\/forest$/, '/mcp'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    // Its OAuth metadata names the agent's real URL (the port chosen before the platform started).
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('prints a curl command that works with the printed token', async () => {
    const url = /"(http[^"]+)"/.exec(printed.curl)?.[1] as string;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${printed.token}` } });
    const body = (await response.json()) as {
      data: Array<{ attributes: Record<string, unknown> }>;
    };

    expect(printed.curl).toContain('Authorization: Bearer $GROVE_TOKEN');
    expect(response.status).toBe(200);
    expect(body.data).toHaveLength(5);
    expect(Object.keys(body.data[0]?.attributes ?? {}).sort()).toEqual([
      'email',
      'full_name',
      'id',
    ]);
  });

  it('lists a collection (a page of 15 by default)', async () => {
    const customers = await client.collection('customers').list();

    expect(customers).toHaveLength(15);
    expect(customers[0]).toHaveProperty('address@@@city');
  });

  it('searches with the replaced search: an email finds exactly its customer', async () => {
    const [first] = await client
      .collection('customers')
      .list({ sort: { field: 'id', ascending: true } });
    const email = String(first?.email);
    const found = await client
      .collection('customers')
      .list({ search: `  ${email.toUpperCase()} ` });

    expect(found.map(customer => customer.id)).toEqual([first?.id]);
  });

  it('filters through the segment and an imported field', async () => {
    const toShip = await client.collection('orders').list({
      segment: 'To ship',
      fields: ['id', 'status', 'shipped_at', 'customer_email'],
      pagination: { size: 100, number: 1 },
    });

    expect(toShip.length).toBeGreaterThan(0);
    expect(toShip.every(order => order.status === 'paid' && order.shipped_at === null)).toBe(true);
    expect(toShip.every(order => String(order.customer_email).includes('@'))).toBe(true);
  });

  it('runs the action: the dynamic form, then a file', async () => {
    const action = await client.collection('orders').action('Print invoice', { recordId: 1 });
    expect(action.getFields().map(field => field.field)).toEqual(['Language', 'Add a note']);

    await action.setFields({ Language: 'French', 'Add a note': true });
    expect(action.getFields().map(field => field.field)).toEqual([
      'Language',
      'Add a note',
      'Note',
    ]);
    await action.getField('Note').fill('Merci !');
    const result = await action.execute();

    expect(result).toMatchObject({ type: 'File', name: 'invoice-1.txt', mimeType: 'text/plain' });
    const text = result.type === 'File' ? result.buffer.toString('utf8') : '';
    expect(text.split('\n').slice(0, 1)).toEqual(['Facture #1']);
    expect(text).toContain('Merci !');
  });

  it('renders the data-source chart and the collection chart', async () => {
    const revenue = await client.timeBasedChart('monthly_revenue');
    const lifetime = await client
      .collection('customers')
      .valueChart('lifetime_value', { recordId: 1 });

    expect(revenue.length).toBeGreaterThan(1);
    expect(revenue[0]).toEqual({
      label: expect.stringMatching(/^[A-Z][a-z]{2} \d{2}$/),
      values: { value: expect.any(Number) },
    });
    expect(lifetime).toEqual({ countCurrent: expect.any(Number) });
  });
  it('serves the public API end to end: token, logs, a note, a webhook-triggered workflow, revocation', async () => {
    const { email, password } = adminLogin();
    const admin = await adminSession(printed.platformUrl, email, password);
    const [project] = (await admin('GET', '/api/admin/projects')).body.data;
    const [environment] = (await admin('GET', `/api/admin/projects/${project.id}/environments`))
      .body.data;

    // An admin generates a token: shown once.
    const created = await admin('POST', `/api/admin/projects/${project.id}/api-tokens`, {
      name: 'e2e integration',
      level: 'read-write',
      scopes: ['all'],
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^grove_/);
    const base = `${printed.platformUrl}/v1/project/${encodeURIComponent(project.name)}`;
    const env = `${base}/environment/${encodeURIComponent(environment.name)}`;

    // An agent operation (the lists above) shows up in the activity logs.
    const read = await eventually(async () => {
      const logs = await publicApi(
        `${env}/activity-logs?collectionName=customers&type=read`,
        token,
      );
      expect(logs.status).toBe(200);

      return logs.body.data.length > 0 ? logs.body.data[0] : undefined;
    }, 'the read logs of the agent');
    expect(read).toMatchObject({ object: 'activityLog', source: 'ui', type: 'read' });

    // The token's creation shows up in the admin logs.
    const adminLogs = await publicApi(`${base}/admin-logs?resource=api-token`, token);
    expect(adminLogs.body.data[0]).toMatchObject({ type: 'add', resource: 'api-token' });

    // A note is created and listed.
    const note = await publicApi(`${env}/notes`, token, 'POST', {
      collectionName: 'orders',
      recordId: '1',
      title: 'Checked by the e2e test',
      content: '<p>All good</p>',
    });
    expect(note.status).toBe(201);
    const notes = await publicApi(`${env}/notes?collectionName=orders&recordId=1`, token);
    expect(notes.body.data.map((item: { id: number }) => item.id)).toContain(note.body.id);

    // A workflow over the agent's action, triggered by its webhook on a paid order.
    const [paid] = await client.collection('orders').list({
      filters: { field: 'status', operator: 'Equal', value: 'paid' },
      fields: ['id', 'status'],
    });
    const workflows = `/api/admin/projects/${project.id}/environments/${environment.id}/workflows`;
    const workflow = await admin('POST', workflows, {
      name: 'Ship it',
      collectionName: 'orders',
      steps: [{ actionName: 'Mark as shipped', values: {} }],
      webhookEnabled: true,
    });
    expect(workflow.status).toBe(201);
    const { url } = (await admin('GET', `${workflows}/${workflow.body.data.id}/webhook`)).body.data;
    const triggered = await publicApi(url, token, 'POST', { record_id: String(paid?.id) });
    expect(triggered.status).toBe(202);
    const runUrl = triggered.headers.get('location') as string;
    const run = await eventually(async () => {
      const current = await publicApi(runUrl, token);

      return ['succeeded', 'failed'].includes(current.body.status) ? current.body : undefined;
    }, 'the end of the run');
    expect(run).toMatchObject({
      status: 'succeeded',
      source: 'webhook',
      recordId: String(paid?.id),
    });
    const shipped = await client.collection('orders').list({
      filters: { field: 'id', operator: 'Equal', value: paid?.id },
      fields: ['id', 'status'],
    });
    expect(shipped[0]?.status).toBe('shipped');
    const runLogs = await eventually(async () => {
      const logs = await publicApi(
        `${env}/activity-logs?source=webhook&order=asc&limit=100`,
        token,
      );
      const actions = logs.body.data.map((log: { action: string }) => log.action);

      return actions.includes('completeWorkflow') ? actions : undefined;
    }, 'the logs of the run');
    expect(runLogs).toEqual([
      'triggerWorkflow',
      'action',
      'completeWorkflowStep',
      'completeWorkflow',
    ]);

    // Revoked: the very next call is a 401.
    const revoked = await admin(
      'DELETE',
      `/api/admin/projects/${project.id}/api-tokens/${created.body.apiToken.id}`,
    );
    expect(revoked.status).toBe(204);
    const refused = await publicApi(`${base}/admin-logs`, token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: 'Unauthorized',
      message: 'Invalid or missing API token',
    });
  });

  describe('its MCP server, through the official MCP SDK client and its OAuth client provider', () => {
    let mcpUrl: string;
    let mcp: Client;
    let provider: TestOAuthProvider;

    beforeAll(async () => {
      mcpUrl = /MCP: +(\S+)/.exec(output.join(''))?.[1] as string;
      ({ client: mcp, provider } = await connectWithOAuth(mcpUrl, adminLogin()));
    });
    afterAll(() => mcp?.close());

    it('went through discovery, registration on the platform, PKCE, login, consent and token', async () => {
      const origin = new URL(mcpUrl).origin;
      // The 401 advertises every MCP scope: the SDK asks for the challenge's scope first.
      const challenge = await fetch(mcpUrl, { method: 'POST' });
      expect(challenge.status).toBe(401);
      expect(challenge.headers.get('www-authenticate')).toContain(
        'scope="mcp:read mcp:write mcp:action"',
      );
      const resource = await getJson(`${origin}/.well-known/oauth-protected-resource/mcp`);
      expect(resource).toMatchObject({ resource: mcpUrl, authorization_servers: [`${origin}/`] });
      const server = await getJson(`${origin}/.well-known/oauth-authorization-server`);
      expect(server.code_challenge_methods_supported).toEqual(['S256']);
      expect(server.registration_endpoint).toBe(`${printed.platformUrl}/oauth/register`);

      // The SDK registered on the platform, sent a PKCE challenge, and got both tokens.
      expect(provider.client?.client_id).toEqual(expect.any(String));
      expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
      expect(provider.authorizationUrl?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(provider.saved).toMatchObject({
        token_type: expect.stringMatching(/^bearer$/i),
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
      expect(String(provider.saved?.scope).split(' ').sort()).toEqual([
        'mcp:action',
        'mcp:read',
        'mcp:write',
      ]);

      const { tools } = await mcp.listTools();
      expect(tools.map(tool => tool.name).sort()).toEqual([
        'associate',
        'create',
        'delete',
        'describeCollection',
        'dissociate',
        'executeAction',
        'getActionForm',
        'list',
        'listRelated',
        'update',
      ]);
    });

    it('lists with a filter (a lower-case operator) and a sort', async () => {
      const { records } = await callTool(mcp, 'list', {
        collectionName: 'orders',
        filters: { field: 'status', operator: 'equal', value: 'paid' },
        sort: { field: 'id', ascending: false },
        fields: ['id', 'status'],
        pagination: { size: 5 },
      });
      const expected = await client.collection('orders').list({
        filters: { field: 'status', operator: 'Equal', value: 'paid' },
        sort: { field: 'id', ascending: false },
        fields: ['id', 'status'],
        pagination: { size: 5, number: 1 },
      });

      expect(records).toHaveLength(5);
      expect(records.every((order: Json) => order.status === 'paid')).toBe(true);
      expect(records.map((order: Json) => order.id)).toEqual(expected.map(order => order.id));
    });

    it("lists a customer's orders (a related list)", async () => {
      const [order] = await client.collection('orders').list({
        fields: ['id', 'customer:id'],
        sort: { field: 'id', ascending: true },
      });
      const customerId = (order?.customer as Json).id;
      const { records } = await callTool(mcp, 'listRelated', {
        collectionName: 'customers',
        relationName: 'orders',
        parentRecordId: customerId,
        fields: ['id', 'customer:id'],
        pagination: { size: 100 },
      });
      const expected = await client.collection('orders').list({
        filters: { field: 'customer:id', operator: 'Equal', value: customerId },
        fields: ['id'],
        pagination: { size: 100, number: 1 },
      });

      expect(records.map((record: Json) => record.id)).toContain(order?.id);
      expect(records.every((record: Json) => record.customer.id === customerId)).toBe(true);
      expect(records.map((record: Json) => record.id).sort()).toEqual(
        expected.map(record => record.id).sort(),
      );
    });

    it("creates, updates and deletes a product, the shop's validation refusing a bad price", async () => {
      const { record } = await callTool(mcp, 'create', {
        collectionName: 'products',
        attributes: {
          name: 'MCP e2e lamp',
          category: 'Lighting',
          price: 12.5,
          stock: 3,
          description: 'Created by the MCP e2e test',
        },
      });
      expect(record).toMatchObject({ name: 'MCP e2e lamp', stock: 3 });
      const byId = { field: 'id', operator: 'equal', value: record.id };

      const updated = await callTool(mcp, 'update', {
        collectionName: 'products',
        recordId: record.id,
        attributes: { stock: 7 },
      });
      expect(updated.record).toMatchObject({ id: record.id, stock: 7 });
      const refused = await mcp.callTool({
        name: 'update',
        arguments: { collectionName: 'products', recordId: record.id, attributes: { price: -1 } },
      });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/price/);
      const [stored] = await client
        .collection('products')
        .list({ filters: { field: 'id', operator: 'Equal', value: record.id } });
      expect(stored).toMatchObject({ stock: 7, name: 'MCP e2e lamp' });
      expect(Number(stored?.price)).toBe(12.5);

      const deleted = await callTool(mcp, 'delete', {
        collectionName: 'products',
        recordIds: [record.id],
      });
      expect(deleted).toEqual({ deletedCount: 1 });
      const after = await callTool(mcp, 'list', { collectionName: 'products', filters: byId });
      expect(after.records).toEqual([]);
    });

    it("associates a customer with a company, then dissociates it (the company's customers)", async () => {
      const { record: company } = await callTool(mcp, 'create', {
        collectionName: 'companies',
        attributes: {
          name: 'MCP e2e company',
          industry: 'Testing',
          country: 'France',
          founded_on: '2020-01-02',
        },
      });
      const [customer] = await client
        .collection('customers')
        .list({ sort: { field: 'id', ascending: false }, fields: ['id'] });
      const related = async () =>
        (
          await callTool(mcp, 'listRelated', {
            collectionName: 'companies',
            relationName: 'customers',
            parentRecordId: company.id,
            fields: ['id'],
          })
        ).records.map((record: Json) => record.id);
      expect(await related()).toEqual([]);

      const associated = await callTool(mcp, 'associate', {
        collectionName: 'companies',
        relationName: 'customers',
        parentRecordId: company.id,
        targetRecordId: customer?.id,
      });
      expect(associated.success).toBe(true);
      expect(await related()).toEqual([customer?.id]);

      const dissociated = await callTool(mcp, 'dissociate', {
        collectionName: 'companies',
        relationName: 'customers',
        parentRecordId: company.id,
        targetRecordIds: [customer?.id],
      });
      expect(dissociated.success).toBe(true);
      expect(await related()).toEqual([]);
      // Dissociated, not deleted: the customer is still there.
      const still = await client.collection('customers').list({
        filters: { field: 'id', operator: 'Equal', value: customer?.id },
        fields: ['id'],
      });
      expect(still).toHaveLength(1);
    });

    it("loads the invoice's form: checking 'Add a note' shows 'Note' (its change hook)", async () => {
      const plain = await callTool(mcp, 'getActionForm', {
        collectionName: 'orders',
        actionName: 'Print invoice',
        recordIds: [1],
      });
      const changed = await callTool(mcp, 'getActionForm', {
        collectionName: 'orders',
        actionName: 'Print invoice',
        recordIds: [1],
        values: { Language: 'French', 'Add a note': true },
      });
      const names = (form: Json) => form.fields.map((field: Json) => field.name ?? field.field);

      expect(names(plain)).toEqual(['Language', 'Add a note']);
      expect(plain.canExecute).toBe(false);
      expect(names(changed)).toEqual(['Language', 'Add a note', 'Note']);
      expect(changed.canExecute).toBe(true);
    });

    it('executes "Mark as shipped" on a paid order, which then reads as shipped', async () => {
      const { records } = await callTool(mcp, 'list', {
        collectionName: 'orders',
        filters: {
          aggregator: 'and',
          conditions: [
            { field: 'status', operator: 'equal', value: 'paid' },
            { field: 'shipped_at', operator: 'blank' },
          ],
        },
        sort: { field: 'id', ascending: false },
        fields: ['id'],
        pagination: { size: 1 },
      });
      const orderId = records[0].id;

      const result = await callTool(mcp, 'executeAction', {
        collectionName: 'orders',
        actionName: 'Mark as shipped',
        recordIds: [orderId],
        reasoning: 'The e2e test ships it',
      });
      expect(result).toMatchObject({ type: 'Success', message: 'Marked as shipped' });
      const [order] = await client.collection('orders').list({
        filters: { field: 'id', operator: 'Equal', value: orderId },
        fields: ['id', 'status', 'shipped_at'],
      });
      expect(order?.status).toBe('shipped');
      expect(order?.shipped_at).not.toBeNull();
    });

    it('refreshes the token when the access token is refused, and the call then works', async () => {
      const before = provider.saved as NonNullable<typeof provider.saved>;
      // The access token no longer works (as once expired): the SDK refreshes with its refresh token.
      provider.saveTokens({ ...before, access_token: `${before.access_token}x` });
      const refreshed = new Client({ name: 'e2e', version: '1' });
      await refreshed.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }),
      );
      const { records } = await callTool(refreshed, 'list', {
        collectionName: 'customers',
        fields: ['id'],
        pagination: { size: 2 },
      });
      await refreshed.close();

      expect(records).toHaveLength(2);
      expect(provider.saved?.access_token).not.toBe(before.access_token);
      expect(provider.saved?.access_token).not.toBe(`${before.access_token}x`);
      expect(provider.saved?.refresh_token).toEqual(expect.any(String));
    });

    it('refuses a write with a token that only has mcp:read, naming the missing scope', async () => {
      const narrow = await connectWithOAuth(mcpUrl, adminLogin(), { scope: 'mcp:read' });
      expect(narrow.provider.saved?.scope).toBe('mcp:read');
      const refused = await narrow.client.callTool({
        name: 'create',
        arguments: { collectionName: 'products', attributes: { name: 'MCP e2e forbidden' } },
      });
      const read = await callTool(narrow.client, 'list', {
        collectionName: 'products',
        filters: { field: 'name', operator: 'equal', value: 'MCP e2e forbidden' },
      });
      const action = await narrow.client.callTool({
        name: 'executeAction',
        arguments: { collectionName: 'orders', actionName: 'Mark as shipped', recordIds: [1] },
      });
      await narrow.client.close();

      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('"mcp:write"');
      expect(action.isError).toBe(true);
      expect(text(action)).toContain('"mcp:action"');
      // Nothing was written.
      expect(read.records).toEqual([]);
    });

    it("shows the MCP operations in the platform's activity logs, with the source mcp", async () => {
      const admin = await adminSession(
        printed.platformUrl,
        adminLogin().email,
        adminLogin().password,
      );
      const [project] = (await admin('GET', '/api/admin/projects')).body.data;
      const [environment] = (await admin('GET', `/api/admin/projects/${project.id}/environments`))
        .body.data;
      const created = await admin('POST', `/api/admin/projects/${project.id}/api-tokens`, {
        name: 'e2e MCP logs',
        level: 'read-write',
        scopes: ['all'],
      });
      expect(created.status).toBe(201);
      const env =
        `${printed.platformUrl}/v1/project/${encodeURIComponent(project.name)}` +
        `/environment/${encodeURIComponent(environment.name)}`;

      // What the tools above did, as [type, action, collection] (reads are sent in batches).
      const expected = [
        ['read', 'filter', 'orders'],
        ['read', 'listRelatedData', 'customers'],
        ['read', 'listRelatedData', 'companies'],
        ['write', 'create', 'products'],
        ['write', 'update', 'products'],
        ['write', 'delete', 'products'],
        ['write', 'create', 'companies'],
        ['write', 'action', 'orders'],
      ].map(entry => entry.join(' '));
      const logs = await eventually(async () => {
        const answer = await publicApi(
          `${env}/activity-logs?source=mcp&limit=100`,
          created.body.token,
        );
        expect(answer.status).toBe(200);
        const seen: Json[] = answer.body.data;
        const keys = new Set(seen.map(log => `${log.type} ${log.action} ${log.collection?.name}`));

        return expected.every(key => keys.has(key)) ? seen : undefined;
      }, 'the MCP operations in the activity logs');

      expect(new Set(logs.map((log: Json) => log.source))).toEqual(new Set(['mcp']));
      expect(new Set(logs.map((log: Json) => log.user.email))).toEqual(
        new Set([adminLogin().email]),
      );
      // The filter is real: the logs of the other sources (the UI token above) are not in it.
      const all = await publicApi(`${env}/activity-logs?limit=100`, created.body.token);
      expect(all.body.data.some((log: Json) => log.source === 'ui')).toBe(true);
    }, 30_000);
  });

  describe('npx grove-mcp-server, pointed at the running agent and platform', () => {
    let bin: ChildProcessWithoutNullStreams;
    const binOutput: string[] = [];
    let origin: string;

    beforeAll(async () => {
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      bin = spawn(
        process.execPath,
        [join(root, 'packages/mcp-server/dist/bin/grove-mcp-server.js')],
        {
          detached: true,
          env: {
            ...process.env,
            GROVE_SERVER_URL: printed.platformUrl,
            GROVE_ENV_SECRET: envSecret,
            GROVE_AUTH_SECRET: authSecret,
            GROVE_AGENT_URL: new URL(printed.agentUrl).origin,
            GROVE_MCP_SERVER_URL: origin,
            MCP_SERVER_PORT: String(port),
          },
        },
      );
      bin.stdout.on('data', chunk => binOutput.push(String(chunk)));
      bin.stderr.on('data', chunk => binOutput.push(String(chunk)));
      await waitForLine(bin, binOutput, /Grove MCP server running on port \d+/, 30_000);
    }, 60_000);

    afterAll(async () => {
      await stopProcessGroup(bin);
    });

    it('advertises itself, runs the OAuth flow with the SDK, lists the tools, reads and writes on the shop', async () => {
      expect(binOutput.join('')).toContain(`advertising ${origin}/mcp`);
      const resource = await getJson(`${origin}/.well-known/oauth-protected-resource/mcp`);
      expect(resource).toMatchObject({
        resource: `${origin}/mcp`,
        authorization_servers: [`${origin}/`],
      });
      const server = await getJson(`${origin}/.well-known/oauth-authorization-server`);
      expect(server.registration_endpoint).toBe(`${printed.platformUrl}/oauth/register`);

      const { client: mcp, provider } = await connectWithOAuth(`${origin}/mcp`, adminLogin());
      try {
        expect(provider.authorizationUrl?.href.startsWith(`${origin}/oauth/authorize?`)).toBe(true);
        const { tools } = await mcp.listTools();
        expect(tools).toHaveLength(10);

        const { records } = await callTool(mcp, 'list', {
          collectionName: 'customers',
          filters: { field: 'id', operator: 'in', value: [1, 2] },
          fields: ['id', 'full_name'],
        });
        expect(records.map((record: Json) => record.id).sort()).toEqual([1, 2]);
        expect(records[0].full_name).toEqual(expect.stringMatching(/\S+ \S+/));

        const { record } = await callTool(mcp, 'create', {
          collectionName: 'products',
          attributes: {
            name: 'Standalone MCP e2e mug',
            category: 'Kitchen',
            price: 9,
            stock: 1,
            description: 'Created through npx grove-mcp-server',
          },
        });
        const stored = await client.collection('products').list({
          filters: { field: 'id', operator: 'Equal', value: record.id },
          fields: ['id', 'name'],
        });
        expect(stored).toEqual([{ id: record.id, name: 'Standalone MCP e2e mug' }]);
        expect(
          await callTool(mcp, 'delete', { collectionName: 'products', recordIds: [record.id] }),
        ).toEqual({ deletedCount: 1 });
      } finally {
        await mcp.close();
      }
    });
  });
});
