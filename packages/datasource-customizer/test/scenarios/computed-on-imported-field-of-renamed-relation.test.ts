import { PaginatedFilter, Projection, Sort } from '@grove/datasource-toolkit';
import { buildLibrary, caller, filterOf, list } from './library-fixture';

// books.author is renamed `writer` in the API; `authorCountry` is imported from `author:country`
// and `origin` is computed from it. Customization code keeps original names; the API sees the
// renamed relation and both added fields.
const build = () =>
  buildLibrary(customizer =>
    customizer
      .customizeCollection('authors', authors => authors.renameField('country', 'nation'))
      .customizeCollection('books', books =>
        books
          .importField('authorCountry', { path: 'author:country' })
          .addField('origin', {
            columnType: 'String',
            dependencies: ['title', 'authorCountry'],
            getValues: records =>
              records.map(r => `${String(r.title)} (${String(r.authorCountry)})`),
          })
          .renameField('author', 'writer'),
      ),
  );

describe('a computed field on an imported field of a renamed relation', () => {
  it('lists the computed value next to the renamed relation', async () => {
    const dataSource = await build();

    await expect(
      list(dataSource.getCollection('books'), ['origin', 'writer:nation'], {
        field: 'id',
        operator: 'Equal',
        value: 4,
      }),
    ).resolves.toEqual([{ origin: 'Around the World (FR)', writer: { nation: 'FR' } }]);
  });

  it('exports the renamed relation and the added fields', async () => {
    const dataSource = await build();

    expect(Object.keys(dataSource.getCollection('books').schema.fields)).toEqual([
      'id',
      'title',
      'year',
      'authorId',
      'writer',
      'authorCountry',
      'origin',
    ]);
  });

  it('filters and sorts by the imported field', async () => {
    const dataSource = await build();
    const filter = new PaginatedFilter({
      conditionTree: filterOf({ field: 'authorCountry', operator: 'Equal', value: 'US' })
        .conditionTree,
      sort: new Sort(
        { field: 'authorCountry', ascending: true },
        { field: 'title', ascending: false },
      ),
    });

    await expect(
      dataSource.getCollection('books').list(caller, filter, new Projection('origin')),
    ).resolves.toEqual([
      { origin: 'The Dispossessed (US)' },
      { origin: 'Earthsea (US)' },
      { origin: 'Dune (US)' },
    ]);
  });

  it('writes the imported field through the relation', async () => {
    const dataSource = await build();
    await dataSource
      .getCollection('books')
      .update(caller, filterOf({ field: 'id', operator: 'Equal', value: 4 }), {
        authorCountry: 'BE',
      });

    await expect(
      list(dataSource.getCollection('authors'), ['nation'], {
        field: 'id',
        operator: 'Equal',
        value: 3,
      }),
    ).resolves.toEqual([{ nation: 'BE' }]);
  });
});
