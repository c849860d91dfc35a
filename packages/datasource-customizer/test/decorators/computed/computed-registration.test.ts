import { createComputedLayer, fullNameDefinition } from './computed-fixture';

const getValues = (records: unknown[]) => records.map(() => null);

describe('ComputedCollectionDecorator.registerComputed', () => {
  test('adds a read-only, non-filterable, non-sortable column to the schema', () => {
    const authors = createComputedLayer().getCollection('authors');
    authors.registerComputed('fullName', {
      ...fullNameDefinition().definition,
      defaultValue: 'Anonymous',
    });

    expect(authors.schema.fields.fullName).toEqual({
      type: 'Column',
      columnType: 'String',
      defaultValue: 'Anonymous',
      filterOperators: new Set(),
      isPrimaryKey: false,
      isReadOnly: true,
      isSortable: false,
      isGroupable: true,
    });
  });

  test('keeps the enum values of an Enum field', () => {
    const books = createComputedLayer().getCollection('books');
    books.registerComputed('tier', {
      columnType: 'Enum',
      enumValues: ['cheap', 'dear'],
      dependencies: ['price'],
      getValues,
    });

    expect(books.schema.fields.tier).toMatchObject({
      columnType: 'Enum',
      enumValues: ['cheap', 'dear'],
    });
  });

  test('stores the deprecated Timeonly type as Time', () => {
    const books = createComputedLayer().getCollection('books');
    books.registerComputed('readAt', { columnType: 'Timeonly', dependencies: ['id'], getValues });

    expect(books.schema.fields.readAt).toMatchObject({ columnType: 'Time' });
    expect(books.getComputed('readAt')?.columnType).toBe('Time');
  });

  test('accepts dependencies through emulated and native relations', () => {
    const layer = createComputedLayer();
    layer.getCollection('books').registerComputed('publisherName', {
      columnType: 'String',
      dependencies: ['author:publisher:name'],
      getValues,
    });

    expect(layer.getCollection('books').getComputed('publisherName')?.dependencies).toEqual([
      'author:publisher:name',
    ]);
  });

  test('refuses a name with spaces', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() => authors.registerComputed('full name', fullNameDefinition().definition)).toThrow(
      "The name of field 'full name' you configured on 'authors' must not contain space. " +
        "Something like 'fullName' should work has expected.",
    );
  });

  test('refuses a name already used', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() => authors.registerComputed('lastName', fullNameDefinition().definition)).toThrow(
      expect.objectContaining({
        name: 'AlreadyDefinedFieldError',
        message: "The 'authors.lastName' field is already defined.",
      }),
    );
  });

  test('refuses missing dependencies', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('fullName', { columnType: 'String', getValues } as never),
    ).toThrow("Computed field 'authors.fullName' must have the 'dependencies' parameter defined");
  });

  test('refuses empty dependencies', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('fullName', { columnType: 'String', dependencies: [], getValues }),
    ).toThrow("Computed field 'authors.fullName' must have at least one dependency.");
  });

  test('refuses a definition without getValues', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('fullName', { columnType: 'String', dependencies: ['id'] } as never),
    ).toThrow("Computed field 'authors.fullName' must have a 'getValues' function.");
  });

  test('refuses an unknown dependency with a MissingFieldError naming both fields', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('fullName', {
        columnType: 'String',
        dependencies: ['surname'],
        getValues,
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'MissingFieldError',
        message:
          "Invalid dependency 'surname' of computed field 'authors.fullName': The 'authors.surname' " +
          "field was not found. Available fields are: ['id', 'firstName', 'lastName', " +
          "'publisherId', 'bornAt', 'publisher', 'bio', 'books']. Please check if the field name is correct.",
      }),
    );
  });

  test('refuses a relation as a dependency', () => {
    const books = createComputedLayer().getCollection('books');

    expect(() =>
      books.registerComputed('writer', { columnType: 'Json', dependencies: ['author'], getValues }),
    ).toThrow(
      "Invalid dependency 'author' of computed field 'books.writer': Unexpected field type: " +
        "'books.author' (found 'ManyToOne' expected 'Column')",
    );
  });

  test('refuses a path through a to-many relation', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('titles', {
        columnType: 'String',
        dependencies: ['books:title'],
        getValues,
      }),
    ).toThrow(
      "Invalid dependency 'books:title' of computed field 'authors.titles': Unexpected field type: " +
        "'authors.books' (found 'OneToMany' expected 'ManyToOne' or 'OneToOne')",
    );
  });

  test('cannot declare a cycle: a dependency must already exist', () => {
    const authors = createComputedLayer().getCollection('authors');

    expect(() =>
      authors.registerComputed('a', { columnType: 'String', dependencies: ['b'], getValues }),
    ).toThrow(expect.objectContaining({ name: 'MissingFieldError' }));
    authors.registerComputed('b', { columnType: 'String', dependencies: ['firstName'], getValues });
    authors.registerComputed('a', { columnType: 'String', dependencies: ['b'], getValues });

    // Redefining `b` on top of `a` would close the cycle: the name is taken.
    expect(() =>
      authors.registerComputed('b', { columnType: 'String', dependencies: ['a'], getValues }),
    ).toThrow("The 'authors.b' field is already defined.");
  });
});
