import { createEnvironment } from '../../../src';
import type { PlatformEvent } from '../../../src';
import { agentCall } from '../../helpers/agent-call';
import type { ErrorBody } from '../../helpers/agent-call';
import { sampleApimap } from '../../helpers/sample-apimap';
import { availableServers } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

describe.each(availableServers())('schema routes on $name', server => {
  let test: TestPlatform;
  let url: string;
  let secret: string;
  let events: PlatformEvent[];

  beforeEach(async () => {
    test = await startTestPlatform(server, { maxBodySize: 20_000 });
    url = test.platform.url;
    secret = test.platform.bootstrap!.envSecret;
    events = [];
    test.platform.context.events.subscribe(event => events.push(event));
  });

  afterEach(async () => {
    await test.stop();
  });

  const hashcheck = async (hash: string, key = secret) =>
    agentCall(url, key, '/forest/apimaps/hashcheck', { body: { schemaFileHash: hash } });
  const storedSchemas = () => test.platform.context.db.models.EnvironmentSchema.count();

  it('asks for the schema until it is stored, then only for another hash', async () => {
    const hash = 'c'.repeat(40);
    expect(await (await hashcheck(hash)).json()).toEqual({ sendSchema: true });

    const upload = await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap(hash) });
    expect(upload.status).toBe(204);

    expect(await (await hashcheck(hash)).json()).toEqual({ sendSchema: false });
    expect(await (await hashcheck('d'.repeat(40))).json()).toEqual({ sendSchema: true });
    const environmentId = test.platform.bootstrap!.environment.id;
    expect(events).toEqual([{ environmentId, name: 'refresh-roles', data: {} }]);

    // The same schema again changes nothing and tells no agent.
    await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap(hash) });
    expect(events).toHaveLength(1);
    expect(await storedSchemas()).toBe(1);
  });

  it('stores one schema when two agents of the environment upload at once', async () => {
    const uploads = await Promise.all(
      ['1', '2', '3'].map(digit =>
        agentCall(url, secret, '/forest/apimaps', { body: sampleApimap(digit.repeat(40)) }),
      ),
    );

    expect(uploads.map(response => response.status)).toEqual([204, 204, 204]);
    expect(await storedSchemas()).toBe(1);
  });

  it('replaces the stored schema on a new upload', async () => {
    await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap('1'.repeat(40)) });
    await agentCall(url, secret, '/forest/apimaps', {
      body: sampleApimap('2'.repeat(40), 'invoices'),
    });

    const document = (await (await agentCall(url, secret, '/liana/forest-schema')).json()) as {
      data: { id: string }[];
      meta: { schemaFileHash: string };
    };
    expect(document.data.map(resource => resource.id)).toEqual(['customers', 'orders', 'invoices']);
    expect(document.meta.schemaFileHash).toBe('2'.repeat(40));
    expect(await storedSchemas()).toBe(1);
  });

  it('serves the schema back as JSON:API with fields, actions and segments included', async () => {
    expect((await agentCall(url, secret, '/liana/forest-schema')).status).toBe(404);
    await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap('e'.repeat(40)) });

    const response = await agentCall(url, secret, '/liana/forest-schema');
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      data: {
        type: string;
        id: string;
        attributes: Record<string, unknown>;
        relationships: Record<string, { data: { type: string; id: string }[] }>;
      }[];
      included: { type: string; id: string; attributes: Record<string, unknown> }[];
      meta: Record<string, unknown>;
    };
    expect(document.meta).toEqual({
      liana: 'forest-nodejs-agent',
      liana_version: '1.0.0',
      liana_features: null,
      stack: { engine: 'nodejs', engine_version: '20.11.0' },
      schemaFileHash: 'e'.repeat(40),
    });
    const orders = document.data.find(resource => resource.id === 'orders')!;
    expect(orders.type).toBe('collections');
    expect(orders.attributes).toEqual({
      name: 'orders',
      icon: null,
      isReadOnly: false,
      isSearchable: true,
    });
    expect(orders.relationships).toEqual({
      fields: {
        data: [
          { type: 'fields', id: 'orders.id' },
          { type: 'fields', id: 'orders.status' },
        ],
      },
      actions: { data: [{ type: 'actions', id: 'orders-0-archive' }] },
      segments: { data: [{ type: 'segments', id: 'orders.Paid' }] },
    });
    const find = (type: string, id: string) =>
      document.included.find(resource => resource.type === type && resource.id === id);
    expect(find('fields', 'orders.status')?.attributes).toEqual({
      field: 'status',
      type: 'String',
      isPrimaryKey: false,
    });
    expect(find('actions', 'orders-0-archive')?.attributes).toMatchObject({
      name: 'Archive',
      endpoint: '/forest/_actions/orders/0/archive',
    });
    expect(find('segments', 'orders.Paid')?.attributes).toEqual({
      id: 'orders.Paid',
      name: 'Paid',
    });
    expect(document.included).toHaveLength(5);
  });

  it('refuses a malformed schema with a 400 and stores nothing', async () => {
    const broken = { ...sampleApimap('f'.repeat(40)), included: [] };
    const response = await agentCall(url, secret, '/forest/apimaps', { body: broken });

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).errors[0]).toMatchObject({
      status: 400,
      code: 'ValidationError',
      detail: expect.stringContaining('not included'),
    });
    const invalidJson = await agentCall(url, secret, '/forest/apimaps', { rawBody: '{"data": [' });
    expect(invalidJson.status).toBe(400);
    const badHash = await hashcheck('not a hash!');
    expect(badHash.status).toBe(400);
    expect(await storedSchemas()).toBe(0);
    expect(events).toEqual([]);
  });

  it('refuses a body past the size limit with a 413 and stores nothing', async () => {
    const apimap = sampleApimap('a'.repeat(40));
    apimap.data[0]!.attributes.fields = Array.from({ length: 1_000 }, (_, i) => ({
      field: `field${i}`,
      type: 'String',
      isPrimaryKey: false,
    }));
    const response = await agentCall(url, secret, '/forest/apimaps', { body: apimap });

    expect(response.status).toBe(413);
    expect(await storedSchemas()).toBe(0);
  });

  it('answers 401 to a missing or wrong secret on every schema route, storing nothing', async () => {
    for (const key of [undefined, 'f'.repeat(64)]) {
      const calls = [
        agentCall(url, key, '/forest/apimaps/hashcheck', { body: { schemaFileHash: 'a' } }),
        agentCall(url, key, '/forest/apimaps', { body: sampleApimap() }),
        agentCall(url, key, '/liana/forest-schema'),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    }
    expect(await storedSchemas()).toBe(0);
    expect(events).toEqual([]);
  });

  it("keeps each environment's schema to itself", async () => {
    const { project } = test.platform.bootstrap!;
    const other = await createEnvironment(test.platform.context.db, null, {
      projectId: project.id,
      name: 'Production',
      isProduction: true,
    });
    await agentCall(url, secret, '/forest/apimaps', { body: sampleApimap('a'.repeat(40)) });

    expect(await (await hashcheck('a'.repeat(40), other.envSecret)).json()).toEqual({
      sendSchema: true,
    });
    expect((await agentCall(url, other.envSecret, '/liana/forest-schema')).status).toBe(404);
    expect(events.map(event => event.environmentId)).toEqual([
      test.platform.bootstrap!.environment.id,
    ]);
  });
});
