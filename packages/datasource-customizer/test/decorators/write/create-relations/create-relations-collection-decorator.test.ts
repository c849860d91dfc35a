import type { DataSource } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../../src/decorators/data-source-decorator';
import { CreateRelationsCollectionDecorator } from '../../../../src/decorators/write/create-relations/create-relations-collection-decorator';
import { caller, makeLibrary, readAll } from '../library-fixture';

describe('CreateRelationsCollectionDecorator', () => {
  let source: DataSource;
  let layer: DataSourceDecorator<CreateRelationsCollectionDecorator>;

  beforeEach(() => {
    source = makeLibrary();
    layer = new DataSourceDecorator(source, CreateRelationsCollectionDecorator);
  });

  test('passes records without relations through', async () => {
    const created = await layer.getCollection('books').create(caller, [{ title: 'Solo' }]);

    expect(created).toEqual([{ id: 4, title: 'Solo', price: null, status: null, authorId: null }]);
  });

  test('creates the ManyToOne record first and points the parent at it', async () => {
    const created = await layer
      .getCollection('books')
      .create(caller, [{ title: 'Dune', author: { firstName: 'Frank' } }]);

    expect(created).toEqual([{ id: 4, title: 'Dune', price: null, status: null, authorId: 3 }]);
    expect((await readAll(source.getCollection('authors')))[2]).toMatchObject({
      id: 3,
      firstName: 'Frank',
    });
  });

  test('updates the existing related record when the foreign key is given', async () => {
    await layer
      .getCollection('books')
      .create(caller, [{ title: 'I, Robot', authorId: 1, author: { age: 73 } }]);

    const authors = await readAll(source.getCollection('authors'));
    expect(authors).toHaveLength(2);
    expect(authors[0]).toMatchObject({ id: 1, age: 73 });
  });

  test('maps created records back to their parents in a mixed batch (vendor bug fixed)', async () => {
    const created = await layer
      .getCollection('books')
      .create(caller, [
        { title: 'Existing author', authorId: 2, author: { age: 89 } },
        { title: 'New author A', author: { firstName: 'A' } },
        { title: 'No author' },
        { title: 'New author B', author: { firstName: 'B' } },
      ]);

    expect(created.map(({ title, authorId }) => ({ title, authorId }))).toEqual([
      { title: 'Existing author', authorId: 2 },
      { title: 'New author A', authorId: 3 },
      { title: 'No author', authorId: null },
      { title: 'New author B', authorId: 4 },
    ]);
    expect(
      (await readAll(source.getCollection('authors'))).map(({ id, firstName, age }) => ({
        id,
        firstName,
        age,
      })),
    ).toEqual([
      { id: 1, firstName: 'Isaac', age: 72 },
      { id: 2, firstName: 'Ursula', age: 89 },
      { id: 3, firstName: 'A', age: null },
      { id: 4, firstName: 'B', age: null },
    ]);
  });

  test('creates OneToOne children after their parents, with the origin key set', async () => {
    const created = await layer
      .getCollection('authors')
      .create(caller, [
        { firstName: 'Octavia', profile: { bio: 'Parables' } },
        { firstName: 'Nobody' },
        { firstName: 'Iain', profile: { bio: 'Culture' } },
      ]);

    expect(created.map(({ id }) => id)).toEqual([3, 4, 5]);
    expect(await readAll(source.getCollection('profiles'))).toEqual([
      { id: 1, bio: 'Robots', authorId: 1 },
      { id: 2, bio: 'Parables', authorId: 3 },
      { id: 3, bio: 'Culture', authorId: 5 },
    ]);
  });

  test('refuses a relation written with something else than an object', async () => {
    await expect(
      layer.getCollection('books').create(caller, [{ title: 'x', author: 3 }]),
    ).rejects.toThrow("The relation 'books.author' must be written with an object, got 3");
  });

  test('rolls back the related records written before a failing parent', async () => {
    const authors = await readAll(source.getCollection('authors'));
    // Book id 1 already exists: the parent create fails after the author was created.
    await expect(
      layer.getCollection('books').create(caller, [{ id: 1, author: { firstName: 'Orphan' } }]),
    ).rejects.toThrow("Duplicate primary key [1] in 'books'");

    expect(await readAll(source.getCollection('authors'))).toEqual(authors);
  });
});
