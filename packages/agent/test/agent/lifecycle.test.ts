import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import supertest from 'supertest';
import { createAgent } from '../../src/create-agent';
import { authSecret, envSecret, startFakePlatform } from '../helpers/fake-platform';
import type { FakePlatform } from '../helpers/fake-platform';
import { createInMemoryDataSource } from '@grove/datasource-toolkit';
import type { RecordData } from '@grove/datasource-toolkit';
import { bookstoreDefinition, bookstoreFactory } from '../helpers/bookstore';
import { sessionToken, startTestAgent } from '../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

describe('agent lifecycle', () => {
  let platform: FakePlatform;
  let directory: string;

  beforeEach(async () => {
    platform = await startFakePlatform();
    directory = await mkdtemp(join(tmpdir(), 'grove-lifecycle-'));
  });
  afterEach(async () => {
    await platform.close();
    await rm(directory, { recursive: true, force: true });
  });

  const baseOptions = () => ({
    authSecret,
    envSecret,
    serverUrl: platform.url,
    schemaPath: join(directory, '.grove-schema.json'),
    logger: () => undefined,
  });

  it('fails at start without a platform URL, naming the option and the variable', async () => {
    const previous = process.env.GROVE_SERVER_URL;
    delete process.env.GROVE_SERVER_URL;
    const agent = createAgent({ ...baseOptions(), serverUrl: undefined }).addDataSource(
      bookstoreFactory(),
    );

    await expect(agent.start()).rejects.toThrow(
      'The platform URL is missing: pass the serverUrl option to createAgent or set GROVE_SERVER_URL.',
    );
    process.env.GROVE_SERVER_URL = previous;
  });

  it('reads GROVE_SERVER_URL when the option is absent', async () => {
    process.env.GROVE_SERVER_URL = platform.url;
    const agent = createAgent({ ...baseOptions(), serverUrl: undefined }).addDataSource(
      bookstoreFactory(),
    );
    await agent.start();
    delete process.env.GROVE_SERVER_URL;

    expect(platform.requests.map(r => r.path)).toContain('/forest/apimaps/hashcheck');
    await agent.stop();
  });

  it('names the platform URL when it cannot be reached', async () => {
    const agent = createAgent({ ...baseOptions(), serverUrl: 'http://127.0.0.1:9' }).addDataSource(
      bookstoreFactory(),
    );

    await expect(agent.start()).rejects.toThrow(/127\.0\.0\.1:9/);
  });

  it('writes the schema in development, sends it with the hash, and serves', async () => {
    const agent = createAgent(baseOptions()).addDataSource(bookstoreFactory());
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    const file = JSON.parse(await readFile(join(directory, '.grove-schema.json'), 'utf8'));
    const upload = platform.requests.find(r => r.path === '/forest/apimaps');

    expect(file.collections.map((c: { name: string }) => c.name)).toEqual([
      'books',
      'bookTags',
      'passports',
      'persons',
      'reviews',
      'tags',
    ]);
    expect((upload?.body as { meta: { schemaFileHash: string } }).meta.schemaFileHash).toMatch(
      /^[0-9a-f]{40}$/,
    );
    const health = await supertest(`http://127.0.0.1:${agent.port}`).get('/forest');
    expect(health.body.message).toBe('Agent is running');
    await agent.stop();
  });

  it('writes the typings at start in development when typingsPath is set', async () => {
    const typingsPath = join(directory, 'typings.ts');
    const agent = createAgent({ ...baseOptions(), typingsPath }).addDataSource(bookstoreFactory());
    await agent.start();

    expect(await readFile(typingsPath, 'utf8')).toContain('export type Schema');
    await agent.stop();
  });

  it('does not upload the schema when the platform knows its hash', async () => {
    platform.state.sendSchema = false;
    const agent = createAgent(baseOptions()).addDataSource(bookstoreFactory());
    await agent.start();

    expect(platform.requests.filter(r => r.path === '/forest/apimaps')).toHaveLength(0);
    await agent.stop();
  });

  it('reads the schema file as-is in production and refuses to start without it', async () => {
    const production = createAgent({ ...baseOptions(), isProduction: true }).addDataSource(
      bookstoreFactory(),
    );
    await expect(production.start()).rejects.toThrow(
      `Can't load ${join(directory, '.grove-schema.json')}. Providing a schema is mandatory in production.`,
    );

    const custom = {
      collections: [
        {
          name: 'only-this',
          fields: [],
          actions: [],
          segments: [],
          icon: null,
          integration: null,
          isReadOnly: false,
          isSearchable: true,
          isVirtual: false,
          onlyForRelationships: false,
          paginationType: 'page',
        },
      ],
      meta: { liana: 'old' },
    };
    await writeFile(join(directory, '.grove-schema.json'), JSON.stringify(custom));
    const agent = createAgent({ ...baseOptions(), isProduction: true }).addDataSource(
      bookstoreFactory(),
    );
    await agent.start();
    const upload = platform.requests.find(r => r.path === '/forest/apimaps')?.body as {
      data: Array<{ id: string }>;
      meta: { liana: string };
    };

    expect(upload.data.map(c => c.id)).toEqual(['only-this']);
    expect(upload.meta.liana).toBe('grove-agent');
    expect(JSON.parse(await readFile(join(directory, '.grove-schema.json'), 'utf8'))).toEqual(
      custom,
    );
    await agent.stop();
  });

  it('refuses to start when two actions of a collection share a slug in unsafe mode', async () => {
    const agent = createAgent({ ...baseOptions(), useUnsafeActionEndpoint: true })
      .addDataSource(bookstoreFactory())
      .customizeCollection('books', books =>
        books
          .addAction('Mark live', { scope: 'Single', execute: () => undefined })
          .addAction('mark-live', { scope: 'Single', execute: () => undefined }),
      );

    await expect(agent.start()).rejects.toThrow(
      'Actions "Mark live" and "mark-live" on collection "books" resolve to the same endpoint slug "mark-live". Rename one of them or disable useUnsafeActionEndpoint.',
    );
  });

  it('answers "Agent is not started" before start, mounted on an existing Express app', async () => {
    const app = express();
    app.get('/hello', (_request, response) => {
      response.send('host app');
    });
    const agent = createAgent(baseOptions()).addDataSource(bookstoreFactory());
    agent.mountOnExpress(app);
    const before = await supertest(app).get('/forest');
    await agent.start();
    const after = await supertest(app)
      .get(`/forest/books/count?${tz}`)
      .set('Authorization', `Bearer ${await sessionToken()}`);
    const host = await supertest(app).get('/hello');

    expect(before.status).toBe(200);
    expect(before.body).toEqual({ error: 'Agent is not started' });
    expect(after.body).toEqual({ count: 5 });
    expect(host.text).toBe('host app');
    await agent.stop();
  });

  it('serves under a custom prefix', async () => {
    const agent = createAgent({ ...baseOptions(), prefix: 'api/admin' }).addDataSource(
      bookstoreFactory(),
    );
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    const response = await supertest(`http://127.0.0.1:${agent.port}`).get('/api/admin');

    expect(response.body.message).toBe('Agent is running');
    await agent.stop();
  });

  it('stop closes the server, the event stream and the data-source connections', async () => {
    const closed: string[] = [];
    const agent = createAgent(baseOptions()).addDataSource(async (logger, restart) => {
      const dataSource = await bookstoreFactory()(logger, restart);

      return Object.assign(Object.create(dataSource) as object, {
        close: async () => {
          closed.push('data source');
        },
      }) as unknown as typeof dataSource;
    });
    agent.mountOnStandaloneServer(0, '127.0.0.1');
    await agent.start();
    const port = agent.port;
    for (let attempt = 0; attempt < 100 && platform.openStreams() === 0; attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 20));
    }
    expect(platform.openStreams()).toBe(1);
    await agent.stop();
    for (let attempt = 0; attempt < 100 && platform.openStreams() > 0; attempt += 1) {
      await new Promise(resolve => setTimeout(resolve, 20));
    }

    expect(platform.openStreams()).toBe(0);
    expect(closed).toEqual(['data source']);
    await expect(supertest(`http://127.0.0.1:${port}`).get('/forest')).rejects.toThrow();
  });
});

describe('restart', () => {
  /** A bookstore whose factory gives `generation` extra books at each (re)build. */
  function growingBookstore(state: { generation: number; fail: boolean }) {
    return async () => {
      if (state.fail) throw new Error('the database is gone');
      const definition = bookstoreDefinition();
      const books = definition.collections.books as unknown as { records: RecordData[] };
      for (let i = 0; i < state.generation; i += 1)
        books.records.push({ id: 100 + i, title: `Extra ${i}` });

      return createInMemoryDataSource(definition);
    };
  }

  it('rebuilds the data sources and customizations, and remounts the routes', async () => {
    const state = { generation: 0, fail: false };
    const test = await startTestAgent(agent => {
      agent.addDataSource(growingBookstore(state));
    });
    const auth = { Authorization: `Bearer ${await test.token()}` };
    state.generation = 2;
    await test.agent.restart();
    const response = await test.http().get(`/forest/books/count?${tz}`).set(auth);

    expect(response.body).toEqual({ count: 7 });
    await test.stop();
  });

  it('keeps the previous routes serving when the rebuild fails', async () => {
    const state = { generation: 0, fail: false };
    const test = await startTestAgent(agent => {
      agent.addDataSource(growingBookstore(state));
    });
    state.fail = true;
    await test.agent.restart();
    const response = await test
      .http()
      .get(`/forest/books/count?${tz}`)
      .set({ Authorization: `Bearer ${await test.token()}` });

    expect(response.body).toEqual({ count: 5 });
    expect(test.logs).toContainEqual(
      expect.objectContaining({
        level: 'Error',
        message:
          'Agent failed to restart with the new configuration; the previous routes keep serving.',
      }),
    );
    await test.stop();
  });

  it('restarts on the platform event refresh-customizations', async () => {
    const state = { generation: 0, fail: false };
    const test = await startTestAgent(agent => {
      agent.addDataSource(growingBookstore(state));
    });
    state.generation = 1;
    const auth = { Authorization: `Bearer ${await test.token()}` };
    let count = 0;
    for (let attempt = 0; attempt < 50 && count !== 6; attempt += 1) {
      test.platform.emit('refresh-customizations');
      await new Promise(resolve => setTimeout(resolve, 50));
      count = (await test.http().get(`/forest/books/count?${tz}`).set(auth)).body.count;
    }

    expect(count).toBe(6);
    await test.stop();
  });
});
