import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  Sort,
  type Filter,
} from '@grove/datasource-toolkit';
import {
  caller,
  createEmulatedLibrary,
  createLibrary,
  createRelationLayer,
  spyOnLists,
} from './library-fixture';

const byId = new PaginatedFilter({ sort: new Sort({ field: 'id', ascending: true }) });

function setup() {
  const source = createLibrary();
  const layer = createEmulatedLibrary(source);

  return { layer, spies: spyOnLists(source) };
}

function treeOf(call: unknown[] | undefined): unknown {
  return (call?.[1] as Filter).conditionTree?.toJSON();
}

function pathsOf(call: unknown[] | undefined): readonly string[] {
  return (call?.[2] as Projection).paths;
}

describe('RelationCollectionDecorator.list', () => {
  test('reads an emulated ManyToOne path; null and dangling keys give null', async () => {
    const { layer } = setup();
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('title', 'author:firstName'));

    expect(records).toEqual([
      { title: 'Notes', author: { firstName: 'Ada' } },
      { title: 'Computing', author: { firstName: 'Alan' } },
      { title: 'Morphogenesis', author: { firstName: 'Alan' } },
      { title: 'Anonymous', author: null },
      { title: 'Lost', author: null },
    ]);
  });

  test('fetches the related records in ONE list call with In on the distinct keys', async () => {
    const { layer, spies } = setup();
    await layer
      .getCollection('books')
      .list(caller, byId, new Projection('title', 'author:firstName'));

    expect(spies.books).toHaveBeenCalledTimes(1);
    expect(pathsOf(spies.books.mock.calls[0])).toEqual(['title', 'authorId']);
    expect(spies.authors).toHaveBeenCalledTimes(1);
    expect(treeOf(spies.authors.mock.calls[0])).toEqual({
      field: 'id',
      operator: 'In',
      value: [1, 2, 99],
    });
    expect(pathsOf(spies.authors.mock.calls[0])).toEqual(['firstName', 'id']);
  });

  test('makes no related call when no record has a key', async () => {
    const { layer, spies } = setup();
    const filter = new PaginatedFilter({
      conditionTree: new ConditionTreeLeaf('id', 'Equal', 4),
    });
    const records = await layer
      .getCollection('books')
      .list(caller, filter, new Projection('title', 'author:firstName'));

    expect(records).toEqual([{ title: 'Anonymous', author: null }]);
    expect(spies.authors).not.toHaveBeenCalled();
  });

  test('reads an emulated OneToOne path through the origin key', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('authors')
      .list(caller, byId, new Projection('lastName', 'bio:text'));

    expect(records).toEqual([
      { lastName: 'Lovelace', bio: { text: 'Analyst' } },
      { lastName: 'Turing', bio: { text: 'Codebreaker' } },
      { lastName: 'Hopper', bio: null },
    ]);
    expect(treeOf(spies.bios.mock.calls[0])).toEqual({
      field: 'authorId',
      operator: 'In',
      value: [1, 2, 3],
    });
  });

  test('reads a native relation behind an emulated one (the related layer joins it)', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('id', 'author:publisher:name'));

    expect(records).toEqual([
      { id: 1, author: { publisher: { name: 'Penguin' } } },
      { id: 2, author: { publisher: { name: 'Gallimard' } } },
      { id: 3, author: { publisher: { name: 'Gallimard' } } },
      { id: 4, author: null },
      { id: 5, author: null },
    ]);
    expect(pathsOf(spies.authors.mock.calls[0])).toEqual(['publisher:name', 'id']);
    expect(spies.publishers).not.toHaveBeenCalled();
  });

  test('reads an emulated relation behind a native one', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(caller, byId, new Projection('stars', 'book:author:lastName'));

    expect(records).toEqual([
      { stars: 5, book: { author: { lastName: 'Lovelace' } } },
      { stars: 4, book: { author: { lastName: 'Turing' } } },
      { stars: 2, book: { author: null } },
    ]);
    expect(pathsOf(spies.reviews.mock.calls[0])).toEqual(['stars', 'book:authorId']);
    expect(spies.authors).toHaveBeenCalledTimes(1);
  });

  test('chains emulated relations with one call per relation', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('books')
      .list(caller, byId, new Projection('id', 'author:bio:text'));

    expect(records.map(record => record.author)).toEqual([
      { bio: { text: 'Analyst' } },
      { bio: { text: 'Codebreaker' } },
      { bio: { text: 'Codebreaker' } },
      null,
      null,
    ]);
    expect([spies.books, spies.authors, spies.bios].map(spy => spy.mock.calls.length)).toEqual([
      1, 1, 1,
    ]);
  });

  test('forwards native relation paths untouched', async () => {
    const { layer, spies } = setup();
    const records = await layer
      .getCollection('reviews')
      .list(caller, byId, new Projection('stars', 'book:title'));

    expect(records).toEqual([
      { stars: 5, book: { title: 'Notes' } },
      { stars: 4, book: { title: 'Morphogenesis' } },
      { stars: 2, book: { title: 'Anonymous' } },
    ]);
    expect(pathsOf(spies.reviews.mock.calls[0])).toEqual(['stars', 'book:title']);
    expect(spies.books).not.toHaveBeenCalled();
  });

  test('refuses a to-many relation in a projection', async () => {
    const { layer } = setup();

    await expect(
      layer.getCollection('authors').list(caller, byId, new Projection('books:title')),
    ).rejects.toThrow(
      "Unexpected field type: 'authors.books' (found 'OneToMany' expected 'ManyToOne' or 'OneToOne')",
    );
  });

  test('passes filter, projection and records untouched while the layer emulates no relation', async () => {
    const source = createLibrary();
    const spies = spyOnLists(source);
    const books = createRelationLayer(source).getCollection('books');
    const projection = new Projection('id', 'title');
    const records = await books.list(caller, byId, projection);

    expect(spies.books.mock.calls[0]?.[1]).toBe(byId);
    expect(spies.books.mock.calls[0]?.[2]).toBe(projection);
    expect(records).toBe(await spies.books.mock.results[0]?.value);
  });
});
