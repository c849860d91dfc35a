import { Aggregation, PaginatedFilter, Projection, Sort } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { RenameFieldCollectionDecorator } from '../../../src/decorators/rename-field/rename-field-collection-decorator';
import { caller, createLibrary, filterOf, list } from '../../scenarios/library-fixture';

function setup() {
  const layer = new DataSourceDecorator(createLibrary(), RenameFieldCollectionDecorator);

  return { books: layer.getCollection('books'), authors: layer.getCollection('authors') };
}

describe('RenameFieldCollectionDecorator', () => {
  it('renames a field in the schema, keeping its position', () => {
    const { books } = setup();
    books.renameField('title', 'name');

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'name', 'year', 'authorId', 'author']);
  });

  it('renames the keys of relation schemas in every collection', () => {
    const { books, authors } = setup();
    authors.renameField('id', 'authorPk');
    books.renameField('authorId', 'writerId');

    expect(books.schema.fields.author).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'writerId',
      foreignKeyTarget: 'authorPk',
    });
  });

  it('translates projections and records, through relations', async () => {
    const { books, authors } = setup();
    books.renameField('title', 'name');
    authors.renameField('lastName', 'surname');

    await expect(
      list(books, ['id', 'name', 'author:surname'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ id: 1, name: 'Dune', author: { surname: 'Herbert' } }]);
  });

  it('translates condition trees and sorts', async () => {
    const { books, authors } = setup();
    books.renameField('year', 'published');
    authors.renameField('country', 'nation');
    const filter = new PaginatedFilter({
      conditionTree: filterOf({ field: 'author:nation', operator: 'Equal', value: 'US' })
        .conditionTree,
      sort: new Sort({ field: 'published', ascending: false }),
    });

    await expect(books.list(caller, filter, new Projection('id', 'published'))).resolves.toEqual([
      { id: 2, published: 1974 },
      { id: 3, published: 1968 },
      { id: 1, published: 1965 },
    ]);
  });

  it('translates created records both ways', async () => {
    const { books } = setup();
    books.renameField('title', 'name');

    await expect(books.create(caller, [{ name: 'Solaris', year: 1961 }])).resolves.toEqual([
      { id: 5, name: 'Solaris', year: 1961, authorId: null },
    ]);
  });

  it('translates update patches', async () => {
    const { books } = setup();
    books.renameField('title', 'name');
    await books.update(caller, filterOf({ field: 'name', operator: 'Equal', value: 'Dune' }), {
      name: 'Dune Messiah',
    });

    await expect(
      list(books, ['name'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ name: 'Dune Messiah' }]);
  });

  it('translates aggregation fields and result groups', async () => {
    const { books, authors } = setup();
    authors.renameField('country', 'nation');
    const aggregation = new Aggregation({
      operation: 'Count',
      groups: [{ field: 'author:nation' }],
    });

    await expect(books.aggregate(caller, filterOf(), aggregation)).resolves.toEqual([
      { value: 3, group: { 'author:nation': 'US' } },
      { value: 1, group: { 'author:nation': 'FR' } },
    ]);
  });

  it('re-renames from the original name', () => {
    const { books } = setup();
    books.renameField('title', 'name');
    books.renameField('name', 'label');

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'label', 'year', 'authorId', 'author']);
  });

  it('accepts the original name of a renamed field', () => {
    const { books } = setup();
    books.renameField('title', 'name');
    books.renameField('title', 'label');

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'label', 'year', 'authorId', 'author']);
  });

  it('cancels the renaming when renaming back to the original', async () => {
    const { books } = setup();
    books.renameField('title', 'name');
    books.renameField('name', 'title');

    expect(Object.keys(books.schema.fields)).toEqual(['id', 'title', 'year', 'authorId', 'author']);
    await expect(
      list(books, ['title'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ title: 'Dune' }]);
  });

  it('refuses an unknown field', () => {
    const { books } = setup();

    expect(() => books.renameField('titel', 'name')).toThrow(
      "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'year', 'authorId', 'author']. Please check if the field name is correct.",
    );
  });

  it('refuses a name with spaces', () => {
    const { books } = setup();

    expect(() => books.renameField('title', 'book title')).toThrow(
      "The name of field 'book title' you configured on 'books' must not contain space. Something like 'bookTitle' should work has expected.",
    );
  });

  it('refuses a name already used by another field', () => {
    const { books } = setup();

    expect(() => books.renameField('title', 'year')).toThrow(
      "Cannot rename 'books.title' to 'year': the 'books.year' field is already defined.",
    );
  });

  it('passes records and filters untouched while the layer renames nothing', async () => {
    const { books } = setup();
    const filter = filterOf({ field: 'id', operator: 'Equal', value: 1 });
    const projection = new Projection('id', 'title');
    const child = (books as unknown as { child: typeof books }).child;
    const rows = [{ id: 1, title: 'Dune' }];
    const spy = jest.spyOn(child, 'list').mockResolvedValue(rows);

    const records = await books.list(caller, filter, projection);

    expect(records).toBe(rows);
    expect(spy).toHaveBeenCalledWith(caller, filter, projection);
  });

  it('translates the relations of a collection without renames when a sibling has some', async () => {
    const { books, authors } = setup();
    authors.renameField('lastName', 'surname');

    await expect(
      list(books, ['id', 'author:surname'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ id: 1, author: { surname: 'Herbert' } }]);
  });
});
