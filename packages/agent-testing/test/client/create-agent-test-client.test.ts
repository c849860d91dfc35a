import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Benchmark } from '../../src/client/benchmark';
import {
  createAgentTestClient,
  createForestAgentClient,
} from '../../src/client/create-agent-test-client';
import {
  createForestServerSandbox,
  type ForestServerSandbox,
} from '../../src/sandbox/create-forest-server-sandbox';

const agentForestEnvSecret = 'c'.repeat(64);
const schema = {
  collections: [
    { name: 'orders', fields: [{ field: 'id', type: 'Number', isPrimaryKey: true }], actions: [] },
  ],
  meta: { liana: 'test' },
};

// No agent here: these tests cover the sandbox side of the client (the proof suite covers the rest).
describe('createAgentTestClient', () => {
  let sandbox: ForestServerSandbox;
  let directory: string;
  let agentSchemaPath: string;
  const options = () => ({
    agentForestEnvSecret,
    agentForestAuthSecret: 'auth',
    agentUrl: 'http://127.0.0.1:1',
    serverUrl: sandbox.url,
    agentSchemaPath,
  });

  beforeAll(async () => {
    sandbox = await createForestServerSandbox(0);
    directory = await mkdtemp(join(tmpdir(), 'grove-client-'));
    agentSchemaPath = join(directory, '.grove-schema.json');
    await writeFile(agentSchemaPath, JSON.stringify(schema));
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('registers the schema file with the sandbox', async () => {
    await createAgentTestClient(options());

    expect(sandbox.schema(agentForestEnvSecret)).toEqual({
      collections: [{ name: 'orders', actions: [] }],
    });
  });

  it('merges overrides from its helpers and clears them', async () => {
    const client = await createAgentTestClient(options());
    await client.overrideCollectionPermission('orders', { editEnabled: false });
    await client.overrideActionPermission('orders', 'Refund', { triggerEnabled: false });
    await client.overridePermissions({ orders: { collection: { deleteEnabled: false } } });

    expect(sandbox.permissionOverride(agentForestEnvSecret)).toEqual({
      orders: {
        collection: { editEnabled: false, deleteEnabled: false },
        actions: { Refund: { triggerEnabled: false } },
      },
    });

    await client.clearPermissionOverride();

    expect(sandbox.permissionOverride(agentForestEnvSecret)).toEqual({});
  });

  it('is the agent client as well', async () => {
    const client = await createAgentTestClient(options());

    expect(client.collection('orders').name).toBe('orders');
  });

  it("answers to the vendor kit's names: createForestAgentClient and benchmark()", async () => {
    const client = await createForestAgentClient(options());

    expect(createForestAgentClient).toBe(createAgentTestClient);
    expect(client.benchmark()).toBeInstanceOf(Benchmark);
  });

  it('names a missing option', async () => {
    await expect(createAgentTestClient({ ...options(), agentUrl: '' })).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'createAgentTestClient: option "agentUrl" must be a non-empty string',
    });
  });

  it('names the schema path it cannot read', async () => {
    const missing = join(directory, 'nope.json');

    await expect(
      createAgentTestClient({ ...options(), agentSchemaPath: missing }),
    ).rejects.toMatchObject({
      code: 'ValidationError',
      message: expect.stringContaining(missing),
    });
  });

  it('says when the sandbox cannot be reached', async () => {
    await expect(
      createAgentTestClient({ ...options(), serverUrl: 'http://127.0.0.1:1' }),
    ).rejects.toMatchObject({
      code: 'ServiceUnavailableError',
      message: 'The sandbox at http://127.0.0.1:1 cannot be reached (POST /agent-schema)',
    });
  });
});
