import { ConditionTreeFactory, Filter, type RecordData } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { OverrideCollectionDecorator } from '../../../src/decorators/override/override-collection-decorator';
import { caller, createLibrary, list } from '../../scenarios/library-fixture';

function setup() {
  const raw = createLibrary();
  const layer = new DataSourceDecorator(raw, OverrideCollectionDecorator);

  return { raw, books: layer.getCollection('books') };
}

describe('OverrideCollectionDecorator', () => {
  it('forwards writes when nothing is overridden', async () => {
    const { books } = setup();
    const [created] = await books.create(caller, [{ title: 'Solaris', year: 1961, authorId: 1 }]);

    expect(created).toEqual({ id: 5, title: 'Solaris', year: 1961, authorId: 1 });
  });

  it('replaces create, giving the data and the raw collection to the handler', async () => {
    const { books } = setup();
    books.addCreateHandler(async context => {
      const rows = await context.collection.list({}, ['id']);

      return context.data.map((record, index) => ({ ...record, id: 100 + rows.length + index }));
    });

    await expect(books.create(caller, [{ title: 'Solaris' }])).resolves.toEqual([
      { id: 104, title: 'Solaris' },
    ]);
    await expect(
      list(books, ['id'], { field: 'id', operator: 'Equal', value: 104 }),
    ).resolves.toEqual([]);
  });

  it('drops unknown and relation keys from created records', async () => {
    const { books } = setup();
    books.addCreateHandler(() => [{ id: 9, title: 'X', unknown: 1, author: { id: 1 } }]);

    await expect(books.create(caller, [{ title: 'X' }])).resolves.toEqual([{ id: 9, title: 'X' }]);
  });

  it('refuses a create handler that does not return an array', async () => {
    const { books } = setup();
    books.addCreateHandler((() => ({ id: 1 })) as unknown as () => RecordData[]);

    await expect(books.create(caller, [{ title: 'X' }])).rejects.toThrow(
      "The records must be an array of objects (create override of 'books')",
    );
  });

  it('refuses created records without a primary key', async () => {
    const { books } = setup();
    books.addCreateHandler(() => [{ title: 'X' }]);

    await expect(books.create(caller, [{ title: 'X' }])).rejects.toThrow(
      "The record does not contain any primary key field (create override of 'books')",
    );
  });

  it('replaces update with the filter and the patch', async () => {
    const { books } = setup();
    const calls: unknown[] = [];
    books.addUpdateHandler(({ filter, patch }) => {
      calls.push([filter.conditionTree?.toJSON(), patch]);
    });
    const filter = new Filter({
      conditionTree: ConditionTreeFactory.fromPlainObject({
        field: 'id',
        operator: 'Equal',
        value: 1,
      }),
    });
    await books.update(caller, filter, { title: 'Dune Messiah' });

    expect(calls).toEqual([
      [{ field: 'id', operator: 'Equal', value: 1 }, { title: 'Dune Messiah' }],
    ]);
    await expect(
      list(books, ['title'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ title: 'Dune' }]);
  });

  it('replaces delete (the last handler wins)', async () => {
    const { books } = setup();
    const calls: string[] = [];
    books.addDeleteHandler(() => {
      calls.push('first');
    });
    books.addDeleteHandler(() => {
      calls.push('second');
    });
    await books.delete(caller, new Filter());

    expect(calls).toEqual(['second']);
    await expect(list(books, ['id'])).resolves.toHaveLength(4);
  });
});
