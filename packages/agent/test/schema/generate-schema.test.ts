import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentVersion } from '../../src/schema/agent-version';
import { generateSchema } from '../../src/schema/generate-schema';
import { buildDataSource, itemsDefinition, libraryDefinition } from './schema-fixture';

const options = { useUnsafeActionEndpoint: false };

describe('generateSchema', () => {
  it('sorts collections by name with a locale-aware comparison', async () => {
    const schema = await generateSchema(await buildDataSource(), options);

    // Code-unit order would put 'bookTags' before 'books'.
    expect(schema.collections.map(collection => collection.name)).toEqual([
      'authors',
      'books',
      'bookTags',
      'loans',
      'profiles',
      'tags',
    ]);
  });

  it('publishes a collection object with its keys in the protocol order', async () => {
    const schema = await generateSchema(
      await buildDataSource(itemsDefinition({ name: { type: 'Column', columnType: 'String' } })),
      options,
    );
    const [items] = schema.collections;

    expect(Object.keys(items ?? {})).toEqual([
      'actions',
      'fields',
      'icon',
      'integration',
      'isReadOnly',
      'isSearchable',
      'isVirtual',
      'name',
      'onlyForRelationships',
      'paginationType',
      'segments',
    ]);
    expect({ ...items, fields: items?.fields.map(field => field.field) }).toEqual({
      actions: [],
      fields: ['id', 'name'],
      icon: null,
      integration: null,
      isReadOnly: false,
      isSearchable: true,
      isVirtual: false,
      name: 'items',
      onlyForRelationships: false,
      paginationType: 'page',
      segments: [],
    });
  });

  it('publishes segments sorted by name in code-unit order', async () => {
    const dataSource = await buildDataSource(libraryDefinition(), customizer =>
      customizer.customizeCollection('books', books =>
        books
          .addSegment('recent', { field: 'id', operator: 'GreaterThan', value: 1 })
          .addSegment('Classics', { field: 'id', operator: 'Equal', value: 1 })
          .addSegment('all', { field: 'id', operator: 'Present' }),
      ),
    );
    const schema = await generateSchema(dataSource, options);

    expect(schema.collections.find(c => c.name === 'books')?.segments).toEqual([
      { id: 'books.Classics', name: 'Classics' },
      { id: 'books.all', name: 'all' },
      { id: 'books.recent', name: 'recent' },
    ]);
  });

  it('marks a collection read-only when every column is read-only', async () => {
    const schema = await generateSchema(
      await buildDataSource({
        collections: {
          logs: {
            fields: {
              id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isReadOnly: true },
              line: { type: 'Column', columnType: 'String', isReadOnly: true },
            },
          },
        },
      }),
      options,
    );

    expect(schema.collections[0]?.isReadOnly).toBe(true);
  });

  it('publishes the searchable flag of the collection', async () => {
    const dataSource = await buildDataSource(itemsDefinition({}), customizer =>
      customizer.customizeCollection('items', items => items.disableSearch()),
    );

    expect((await generateSchema(dataSource, options)).collections[0]?.isSearchable).toBe(false);
  });

  it('publishes Grove as the liana with the agent and Node.js versions', async () => {
    const schema = await generateSchema(await buildDataSource(itemsDefinition({})), options);

    expect(schema.meta).toEqual({
      liana: 'grove-agent',
      liana_version: agentVersion,
      liana_features: null,
      stack: { engine: 'nodejs', engine_version: process.versions.node },
    });
  });
});

describe('agentVersion', () => {
  it('is the version of the @grove/agent package', () => {
    const packageJson = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
      name: string;
      version: string;
    };

    expect([packageJson.name, agentVersion]).toEqual(['@grove/agent', packageJson.version]);
  });
});
