import type { InMemoryDataSourceDefinition } from '@grove/datasource-toolkit';
import type { AgentSchema } from '../../src/schema/agent-schema';
import { generateSchema } from '../../src/schema/generate-schema';
import { buildDataSource, findField, itemsDefinition, libraryDefinition } from './schema-fixture';

const options = { useUnsafeActionEndpoint: false };

async function schemaOf(
  definition: InMemoryDataSourceDefinition,
  customize?: Parameters<typeof buildDataSource>[1],
): Promise<AgentSchema> {
  return generateSchema(await buildDataSource(definition, customize), options);
}

/** The field object of a plain writable, filterable, sortable column; `overrides` change it. */
function column(field: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    defaultValue: null,
    enums: [],
    field,
    integration: null,
    inverseOf: null,
    isFilterable: true,
    isPrimaryKey: false,
    isReadOnly: false,
    isRequired: false,
    isSortable: true,
    isVirtual: false,
    reference: null,
    type: 'String',
    validations: [],
    ...overrides,
  };
}

describe('column fields of the schema', () => {
  it('publishes a column with its keys in alphabetical order', async () => {
    const field = findField(await schemaOf(libraryDefinition()), 'books', 'title');

    expect(field).toEqual(column('title'));
    expect(Object.keys(field as object)).toEqual([
      'defaultValue',
      'enums',
      'field',
      'integration',
      'inverseOf',
      'isFilterable',
      'isPrimaryKey',
      'isReadOnly',
      'isRequired',
      'isSortable',
      'isVirtual',
      'reference',
      'type',
      'validations',
    ]);
  });

  it('hides the foreign key of a ManyToOne', async () => {
    const schema = await schemaOf(libraryDefinition());
    const books = schema.collections.find(c => c.name === 'books');

    expect(books?.fields.map(f => f.field)).toEqual(['author', 'id', 'tags', 'title']);
  });

  it('lists a foreign key that is also a primary key, read-only', async () => {
    const field = findField(await schemaOf(libraryDefinition()), 'bookTags', 'bookId');

    expect(field).toEqual(
      column('bookId', { isPrimaryKey: true, isReadOnly: true, type: 'Number' }),
    );
  });

  it('sorts fields by name in code-unit order', async () => {
    const schema = await schemaOf(
      itemsDefinition({
        b: { type: 'Column', columnType: 'String' },
        Z: { type: 'Column', columnType: 'String' },
        a: { type: 'Column', columnType: 'String' },
        B: { type: 'Column', columnType: 'String' },
      }),
    );

    expect(schema.collections[0]?.fields.map(f => f.field)).toEqual(['B', 'Z', 'a', 'b', 'id']);
  });

  it('publishes the sorted values of an enum column', async () => {
    const schema = await schemaOf(
      itemsDefinition({
        status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'archived', 'live'] },
      }),
    );

    expect(findField(schema, 'items', 'status')).toEqual(
      column('status', { type: 'Enum', enums: ['archived', 'draft', 'live'] }),
    );
  });

  it('publishes an array column as a one-element list type', async () => {
    const schema = await schemaOf(
      itemsDefinition({ tags: { type: 'Column', columnType: ['String'] } }),
    );

    expect(findField(schema, 'items', 'tags')).toEqual(column('tags', { type: ['String'] }));
  });

  it('publishes an array of enums with its sorted values', async () => {
    const schema = await schemaOf(
      itemsDefinition({
        sizes: { type: 'Column', columnType: ['Enum'], enumValues: ['M', 'L', 'S'] },
      }),
    );

    expect(findField(schema, 'items', 'sizes')).toEqual(
      column('sizes', { type: ['Enum'], enums: ['L', 'M', 'S'] }),
    );
  });

  it('publishes a composite column as its list of fields, nested enums sorted', async () => {
    const schema = await schemaOf(
      itemsDefinition({
        address: {
          type: 'Column',
          columnType: { street: 'String', kind: { type: 'Enum', enumValues: ['B', 'A'] } },
        },
      }),
    );

    expect(findField(schema, 'items', 'address')).toEqual(
      column('address', {
        type: {
          fields: [
            { field: 'street', type: 'String' },
            { field: 'kind', type: 'Enum', enums: ['A', 'B'] },
          ],
        },
      }),
    );
  });

  it('publishes a binary column as a String (with the data-URI format of the customizer)', async () => {
    const schema = await schemaOf(
      itemsDefinition({ avatar: { type: 'Column', columnType: 'Binary' } }),
    );

    expect(findField(schema, 'items', 'avatar')).toEqual(
      column('avatar', {
        validations: [
          {
            type: 'is like',
            value: '/^data:.*;base64,.*/',
            message: 'Value must match /^data:.*;base64,.*/',
          },
        ],
      }),
    );
  });

  it('publishes a date default value as an ISO string', async () => {
    const schema = await schemaOf(
      itemsDefinition({
        createdAt: {
          type: 'Column',
          columnType: 'Date',
          defaultValue: new Date('2024-01-02T03:04:05Z'),
        },
      }),
    );

    expect(findField(schema, 'items', 'createdAt')).toEqual(
      column('createdAt', { type: 'Date', defaultValue: '2024-01-02T03:04:05.000Z' }),
    );
  });

  it('marks a column with a Present rule as required', async () => {
    const schema = await schemaOf(
      itemsDefinition({ name: { type: 'Column', columnType: 'String' } }),
      customizer =>
        customizer.customizeCollection('items', items =>
          items.addFieldValidation('name', 'Present'),
        ),
    );

    expect(findField(schema, 'items', 'name')).toEqual(
      column('name', {
        isRequired: true,
        validations: [{ type: 'is present', message: 'Field is required' }],
      }),
    );
  });

  it('publishes a computed field as read-only, not filterable and not sortable', async () => {
    const schema = await schemaOf(itemsDefinition({}), customizer =>
      customizer.customizeCollection('items', items =>
        items.addField('label', {
          columnType: 'String',
          dependencies: ['id'],
          getValues: records => records.map(record => `#${String(record.id)}`),
        }),
      ),
    );

    expect(findField(schema, 'items', 'label')).toEqual(
      column('label', { isFilterable: false, isReadOnly: true, isSortable: false }),
    );
  });
});
