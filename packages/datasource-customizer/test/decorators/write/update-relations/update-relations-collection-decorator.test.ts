import { ConditionTreeLeaf, Filter, type DataSource } from '@grove/datasource-toolkit';
import { WriteDataSourceDecorator } from '../../../../src/decorators/write/write-data-source-decorator';
import { caller, makeLibrary, readAll } from '../library-fixture';

function where(field: string, operator: 'Equal' | 'In', value: unknown): Filter {
  return new Filter({ conditionTree: new ConditionTreeLeaf(field, operator, value) });
}

describe('UpdateRelationsCollectionDecorator (through the write layer)', () => {
  let source: DataSource;
  let write: WriteDataSourceDecorator;

  beforeEach(() => {
    source = makeLibrary();
    write = new WriteDataSourceDecorator(source);
  });

  test('passes patches without relations through', async () => {
    await write.getCollection('books').update(caller, where('id', 'Equal', 1), { price: 11 });

    expect((await readAll(source.getCollection('books')))[0]).toMatchObject({ price: 11 });
  });

  test('updates the columns and the existing ManyToOne records', async () => {
    await write
      .getCollection('books')
      .update(caller, where('id', 'In', [1, 2]), { price: 20, author: { age: 100 } });

    const books = await readAll(source.getCollection('books'));
    const authors = await readAll(source.getCollection('authors'));
    expect(books.map(({ price }) => price)).toEqual([20, 20, 5]);
    expect(authors.map(({ age }) => age)).toEqual([100, 100]);
  });

  test('creates one related record shared by every parent without one', async () => {
    await source.getCollection('books').create(caller, [{ title: 'Also anonymous' }]);

    await write
      .getCollection('books')
      .update(caller, where('id', 'In', [1, 3, 4]), { author: { firstName: 'Anon' } });

    const books = await readAll(source.getCollection('books'));
    const authors = await readAll(source.getCollection('authors'));
    expect(books.map(({ authorId }) => authorId)).toEqual([1, 2, 3, 3]);
    expect(authors.map(({ firstName }) => firstName)).toEqual(['Anon', 'Ursula', 'Anon']);
  });

  test('updates existing OneToOne children and creates the missing ones', async () => {
    await write
      .getCollection('authors')
      .update(caller, where('id', 'In', [1, 2]), { profile: { bio: 'Updated' } });

    expect(await readAll(source.getCollection('profiles'))).toEqual([
      { id: 1, bio: 'Updated', authorId: 1 },
      { id: 2, bio: 'Updated', authorId: 2 },
    ]);
  });

  test('targets the records matching the filter before the column update', async () => {
    // The column patch changes the very field the filter reads.
    await write.getCollection('books').update(caller, where('status', 'Equal', 'draft'), {
      status: 'published',
      author: { lastName: 'Published' },
    });

    const authors = await readAll(source.getCollection('authors'));
    expect(authors.map(({ lastName }) => lastName)).toEqual([
      'Published',
      'Published',
      'Published',
    ]);
  });

  test('does nothing on relations when no record matches', async () => {
    await write
      .getCollection('books')
      .update(caller, where('id', 'Equal', 99), { author: { firstName: 'Ghost' } });

    expect(await readAll(source.getCollection('authors'))).toHaveLength(2);
  });

  test('writes the relation patches produced by write handlers', async () => {
    // A stand-in for an imported `author:lastName` field, written through `status`.
    write.getCollection('books').replaceFieldWriting('status', value => ({
      author: { lastName: value },
    }));

    await write.getCollection('books').update(caller, where('id', 'Equal', 2), { status: 'LG' });

    const authors = await readAll(source.getCollection('authors'));
    expect(authors.map(({ lastName }) => lastName)).toEqual(['Asimov', 'LG']);
    expect((await readAll(source.getCollection('books')))[1]).toMatchObject({ status: 'draft' });
  });
});
