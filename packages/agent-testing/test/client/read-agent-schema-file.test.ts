import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAgentSchemaFile } from '../../src/client/read-agent-schema-file';

describe('readAgentSchemaFile', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'grove-schema-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('parses a schema file', async () => {
    const path = join(directory, 'ok.json');
    await writeFile(
      path,
      JSON.stringify({ collections: [{ name: 'books' }], meta: { liana: 'x' } }),
    );

    expect(await readAgentSchemaFile(path)).toEqual({
      collections: [{ name: 'books' }],
      meta: { liana: 'x' },
    });
  });

  it('names the path of a missing file', async () => {
    const path = join(directory, 'missing.json');

    await expect(readAgentSchemaFile(path)).rejects.toMatchObject({
      code: 'ValidationError',
      message: expect.stringContaining(`The agent schema file ${path} does not exist`),
    });
  });

  it('names the path of a file that is not JSON', async () => {
    const path = join(directory, 'broken.json');
    await writeFile(path, '{ "collections": ');

    await expect(readAgentSchemaFile(path)).rejects.toMatchObject({
      code: 'ValidationError',
      message: `The agent schema file ${path} is not valid JSON`,
    });
  });

  it('refuses JSON without collections', async () => {
    const path = join(directory, 'empty.json');
    await writeFile(path, '{}');

    await expect(readAgentSchemaFile(path)).rejects.toMatchObject({
      code: 'ValidationError',
      message: `The agent schema file ${path} has no "collections" array`,
    });
  });
});
