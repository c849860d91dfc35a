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
});
