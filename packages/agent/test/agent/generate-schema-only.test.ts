import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent } from '../../src/create-agent';
import { authSecret, envSecret, startFakePlatform } from '../helpers/fake-platform';
import type { FakePlatform } from '../helpers/fake-platform';
import { bookstoreFactory } from '../helpers/bookstore';

describe('generateSchemaOnly (docs/agent-protocol.md#schema-file)', () => {
  let platform: FakePlatform;
  let directory: string;
  let closed: number;

  beforeEach(async () => {
    platform = await startFakePlatform();
    directory = await mkdtemp(join(tmpdir(), 'grove-schema-only-'));
    closed = 0;
  });
  afterEach(async () => {
    await platform.close();
    await rm(directory, { recursive: true, force: true });
  });

  function agentWith(options: { isProduction?: boolean; typings?: boolean } = {}) {
    return createAgent({
      authSecret,
      envSecret,
      serverUrl: platform.url,
      isProduction: options.isProduction,
      schemaPath: join(directory, 'custom-schema.json'),
      typingsPath: options.typings ? join(directory, 'typings.ts') : undefined,
      typingsMaxDepth: 1,
      logger: () => undefined,
    }).addDataSource(async (logger, restart) => {
      const dataSource = await bookstoreFactory()(logger, restart);

      return Object.assign(Object.create(dataSource) as object, {
        close: async () => {
          closed += 1;
        },
      }) as unknown as typeof dataSource;
    });
  }

  it('1-2. writes the schema file at the schemaPath of the options', async () => {
    await agentWith().generateSchemaOnly();
    const schema = JSON.parse(await readFile(join(directory, 'custom-schema.json'), 'utf8'));

    expect(schema.collections).toHaveLength(6);
    expect(schema.meta.liana).toBe('grove-agent');
  });

  it('3. writes the typings only when typingsPath is set, with typingsMaxDepth', async () => {
    await agentWith().generateSchemaOnly();
    await expect(stat(join(directory, 'typings.ts'))).rejects.toThrow();

    await agentWith({ typings: true }).generateSchemaOnly();
    const typings = await readFile(join(directory, 'typings.ts'), 'utf8');
    expect(typings).toContain("'author:lastName'");
    expect(typings).not.toContain("'reviews:book:author:lastName'");
  });

  it('4. rebuilds the schema even in production', async () => {
    await writeFile(join(directory, 'custom-schema.json'), '{"collections":[],"meta":{}}');
    await agentWith({ isProduction: true }).generateSchemaOnly();
    const schema = JSON.parse(await readFile(join(directory, 'custom-schema.json'), 'utf8'));

    expect(schema.collections).toHaveLength(6);
  });

  it('5-6. neither starts the agent nor contacts the platform', async () => {
    const agent = agentWith();
    await agent.generateSchemaOnly();

    expect(platform.requests).toEqual([]);
    expect(agent.port).toBeUndefined();
  });

  it('7. leaves the data-source connections open (a script closes them with stop)', async () => {
    const agent = agentWith();
    await agent.generateSchemaOnly();
    expect(closed).toBe(0);

    await agent.stop();
    expect(closed).toBe(1);
  });
});

describe('updateTypesOnFileSystem', () => {
  it('writes the typings file only', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'grove-types-'));
    const agent = createAgent({
      authSecret,
      envSecret,
      schemaPath: join(directory, 'schema.json'),
      logger: () => undefined,
    }).addDataSource(bookstoreFactory());
    await agent.updateTypesOnFileSystem(join(directory, 'types.ts'), 2);

    expect(await readFile(join(directory, 'types.ts'), 'utf8')).toContain('export type Schema');
    await expect(stat(join(directory, 'schema.json'))).rejects.toThrow();
    await rm(directory, { recursive: true, force: true });
  });
});
