import { generateSchema } from '../../src/schema/generate-schema';
import { buildDataSource, findField, libraryDefinition } from './schema-fixture';

const options = { useUnsafeActionEndpoint: false };

async function relationOf(
  collection: string,
  field: string,
  customize?: Parameters<typeof buildDataSource>[1],
) {
  const schema = await generateSchema(
    await buildDataSource(libraryDefinition(), customize),
    options,
  );

  return findField(schema, collection, field);
}

describe('relation fields of the schema', () => {
  it('publishes a ManyToOne as BelongsTo, typed and defaulted like its foreign key', async () => {
    await expect(relationOf('books', 'author')).resolves.toEqual({
      defaultValue: 1,
      enums: null,
      field: 'author',
      integration: null,
      inverseOf: 'books',
      isFilterable: true,
      isPrimaryKey: false,
      isReadOnly: false,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'authors.id',
      relationship: 'BelongsTo',
      type: 'Number',
      validations: [],
    });
  });

  it('takes isRequired and validations of a BelongsTo from its foreign key', async () => {
    const field = await relationOf('books', 'author', customizer =>
      customizer.customizeCollection('books', books =>
        books
          .addFieldValidation('authorId', 'Present')
          .addFieldValidation('authorId', 'GreaterThan', 0),
      ),
    );

    expect(field).toEqual({
      defaultValue: 1,
      enums: null,
      field: 'author',
      integration: null,
      inverseOf: 'books',
      isFilterable: true,
      isPrimaryKey: false,
      isReadOnly: false,
      isRequired: true,
      isSortable: true,
      isVirtual: false,
      reference: 'authors.id',
      relationship: 'BelongsTo',
      type: 'Number',
      validations: [
        { type: 'is present', message: 'Field is required' },
        { type: 'is greater than', value: 0, message: 'Value must be greater than 0' },
      ],
    });
  });

  it('publishes a OneToOne as HasOne named after the local target key (vendor quirk)', async () => {
    await expect(relationOf('authors', 'profile')).resolves.toEqual({
      defaultValue: null,
      enums: null,
      field: 'profile',
      integration: null,
      inverseOf: 'author',
      isFilterable: true,
      isPrimaryKey: false,
      // profiles.authorId is read-only
      isReadOnly: true,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'profiles.id',
      relationship: 'HasOne',
      type: 'Number',
      validations: [],
    });
  });

  it('publishes a OneToMany as HasMany typed as a list of the local target key', async () => {
    await expect(relationOf('authors', 'books')).resolves.toEqual({
      defaultValue: null,
      enums: null,
      field: 'books',
      integration: null,
      inverseOf: 'author',
      isFilterable: false,
      isPrimaryKey: false,
      isReadOnly: false,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'books.id',
      relationship: 'HasMany',
      type: ['Number'],
      validations: [],
    });
  });

  it('publishes a ManyToMany as BelongsToMany typed as a list of the foreign target key', async () => {
    await expect(relationOf('books', 'tags')).resolves.toEqual({
      defaultValue: null,
      enums: null,
      field: 'tags',
      integration: null,
      inverseOf: 'books',
      isFilterable: false,
      isPrimaryKey: false,
      isReadOnly: false,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'tags.id',
      relationship: 'BelongsToMany',
      type: ['Number'],
      validations: [],
    });
  });

  it('marks a ManyToMany read-only when a key of the through collection is read-only', async () => {
    const definition = libraryDefinition();
    const bookTags = definition.collections.bookTags!;
    const readOnlyDefinition = {
      collections: {
        ...definition.collections,
        bookTags: {
          ...bookTags,
          fields: {
            ...bookTags.fields,
            tagId: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isReadOnly: true },
          },
        },
      },
    } as typeof definition;
    const schema = await generateSchema(await buildDataSource(readOnlyDefinition), options);

    expect(findField(schema, 'books', 'tags')).toEqual({
      defaultValue: null,
      enums: null,
      field: 'tags',
      integration: null,
      inverseOf: 'books',
      isFilterable: false,
      isPrimaryKey: false,
      isReadOnly: true,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'tags.id',
      relationship: 'BelongsToMany',
      type: ['Number'],
      validations: [],
    });
  });

  it('sets inverseOf to null when the other side has no matching relation', async () => {
    await expect(relationOf('loans', 'book')).resolves.toEqual({
      defaultValue: null,
      enums: null,
      field: 'book',
      integration: null,
      inverseOf: null,
      isFilterable: true,
      isPrimaryKey: false,
      isReadOnly: false,
      isRequired: false,
      isSortable: true,
      isVirtual: false,
      reference: 'books.id',
      relationship: 'BelongsTo',
      type: 'Number',
      validations: [],
    });
  });

  it('writes the keys of a relation field in alphabetical order', async () => {
    const field = (await relationOf('books', 'author')) as Record<string, unknown>;

    expect(Object.keys(field)).toEqual([
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
      'relationship',
      'type',
      'validations',
    ]);
  });
});
