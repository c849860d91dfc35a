import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Agent } from '../../src';
import { generateCloudTypings } from '../../src/typings/generate-cloud-typings';
import { libraryIntrospection } from '../helpers/library-introspection';

describe('generateCloudTypings', () => {
  let introspection: unknown;
  let storage: string;

  beforeAll(async () => {
    ({ introspection, storage } = await libraryIntrospection());
  }, 30_000);

  it('describes the introspected database without connecting to it', async () => {
    const typings = await generateCloudTypings([{ introspection, datasourceId: 1 }]);

    expect(typings).toBe(await readFile(join(__dirname, '../fixtures/typings.d.ts'), 'utf8'));
    // SQLite would have created the file on connection.
    expect(existsSync(storage)).toBe(false);
  });

  it('suffixes collection names, relations included', async () => {
    const typings = await generateCloudTypings([
      { introspection, datasourceSuffix: '_archive', datasourceId: 2 },
      { introspection, datasourceSuffix: null, datasourceId: 1 },
    ]);

    expect(typings.match(/^ {2}'\w+': \{$/gm)).toEqual([
      "  'authors': {",
      "  'authors_archive': {",
      "  'books': {",
      "  'books_archive': {",
    ]);
    expect(typings).toContain(
      "'author': Schema['authors_archive']['plain'] & Schema['authors_archive']['nested'];",
    );
  });

  it('refuses two data sources whose names collide, in datasourceId order', async () => {
    await expect(
      generateCloudTypings([
        { introspection, datasourceId: 2 },
        { introspection, datasourceId: 1 },
      ]),
    ).rejects.toThrow("Collection 'authors' already exists");
  });

  it('applies the customization (a computed field appears)', async () => {
    const customization = async (agent: Agent) => {
      await Promise.resolve();
      agent.customizeCollection('books', books =>
        books.addField('shout', {
          columnType: 'String',
          dependencies: ['title'],
          getValues: records => records.map(r => String(r.title).toUpperCase()),
        }),
      );
    };
    const typings = await generateCloudTypings([{ introspection, datasourceId: 1 }], customization);

    expect(typings).toContain("      'shout': string | null;");
  });

  it('reports a customization that throws', async () => {
    await expect(
      generateCloudTypings([{ introspection, datasourceId: 1 }], () => {
        throw new TypeError('books is not a function');
      }),
    ).rejects.toMatchObject({
      code: 'CustomizationError',
      message: 'Issue with customizations: TypeError\nbooks is not a function',
    });
  });

  it('reports a customization of an unknown collection', async () => {
    await expect(
      generateCloudTypings([{ introspection, datasourceId: 1 }], agent => {
        agent.customizeCollection('novels', novels => novels.removeField('id'));
      }),
    ).rejects.toMatchObject({
      code: 'CustomizationError',
      message: expect.stringMatching(/^Issue with customizations: \w+\n.*novels/) as unknown,
    });
  });

  it('asks for an update when the introspection is newer than the CLI', async () => {
    const newer = { ...(introspection as object), version: 4 };

    await expect(generateCloudTypings([{ introspection: newer, datasourceId: 1 }])).rejects.toThrow(
      expect.objectContaining({
        code: 'BusinessError',
        message:
          'The version of this CLI is out of date from the version of your cloud agent.\nPlease update @grove/grove-cloud.',
      }),
    );
  });
});
