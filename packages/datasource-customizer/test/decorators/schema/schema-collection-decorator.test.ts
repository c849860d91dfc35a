import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { SchemaCollectionDecorator } from '../../../src/decorators/schema/schema-collection-decorator';
import { createLibrary } from '../../scenarios/library-fixture';

describe('SchemaCollectionDecorator', () => {
  it('forwards the flags of the data source by default', () => {
    const books = new DataSourceDecorator(createLibrary(), SchemaCollectionDecorator).getCollection(
      'books',
    );

    expect([books.schema.countable, books.schema.searchable]).toEqual([true, true]);
  });

  it('forces countable to false', () => {
    const books = new DataSourceDecorator(createLibrary(), SchemaCollectionDecorator).getCollection(
      'books',
    );
    books.overrideSchema({ countable: false });

    expect([books.schema.countable, books.schema.searchable]).toEqual([false, true]);
  });

  it('merges successive overrides', () => {
    const books = new DataSourceDecorator(createLibrary(), SchemaCollectionDecorator).getCollection(
      'books',
    );
    books.overrideSchema({ countable: false });
    books.overrideSchema({ searchable: false });

    expect([books.schema.countable, books.schema.searchable]).toEqual([false, false]);
  });
});
