import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { createAgentClient } from '@grove/agent-client';
import type { AgentClient } from '@grove/agent-client';

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

    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
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
    if (child && child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise(resolve => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    child?.stdout.destroy();
    child?.stderr.destroy();
    await rm(directory, { recursive: true, force: true });
  });

  it("prints the platform's admin login, with its one-time password on this first start", () => {
    const admin = /Admin: +(\S+) \/ (\S+)/.exec(output.join(''));

    expect(admin?.[1]).toBe('admin@grove.local');
    expect(admin?.[2]?.length).toBeGreaterThanOrEqual(16);
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
    const [, email, password] = /Admin: +(\S+) \/ (\S+)/.exec(output.join('')) as RegExpExecArray;
    const admin = await adminSession(printed.platformUrl, email as string, password as string);
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
});
