import type { Collection, CollectionSchema, DataSource } from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../src/decorators/data-source-decorator';
import { SchemaCollectionDecorator } from '../../src/decorators/schema/schema-collection-decorator';
import { createLibrary } from '../scenarios/library-fixture';

/** A layer counting how often it refines its child's schema. */
class CountingDecorator extends CollectionDecorator {
  refinements = 0;

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    this.refinements += 1;

    return schema;
  }
}

function stack(source: DataSource) {
  const flags = new DataSourceDecorator(source, SchemaCollectionDecorator);
  const middle = new DataSourceDecorator(flags, CountingDecorator);
  const top = new DataSourceDecorator(middle, CountingDecorator);

  return {
    flags: flags.getCollection('books'),
    middle: middle.getCollection('books'),
    top: top.getCollection('books'),
  };
}

describe('CollectionDecorator schema cache', () => {
  it('refines once, then answers from its cache without reading its child', () => {
    const { middle, top } = stack(createLibrary());
    const first = top.schema;
    const childRead = jest.spyOn(middle, 'schema', 'get');

    expect(top.schema).toBe(first);
    expect(top.schema).toBe(first);
    expect(childRead).not.toHaveBeenCalled();
    expect([middle.refinements, top.refinements]).toEqual([1, 1]);
  });

  it('sees a change marked dirty in a lower layer', () => {
    const { flags, middle, top } = stack(createLibrary());
    expect(top.schema.countable).toBe(true);
    flags.overrideSchema({ countable: false });

    expect(top.schema.countable).toBe(false);
    expect([middle.refinements, top.refinements]).toEqual([2, 2]);
  });

  it("sees a new schema object of the data source's collection", () => {
    const books = createLibrary().getCollection('books');
    let schema: CollectionSchema = { ...books.schema, countable: true };
    const source = Object.create(books, {
      schema: { get: () => schema },
    }) as Collection;
    const dataSource = {
      collections: [source],
      getCollection: () => source,
    } as unknown as DataSource;
    const top = new DataSourceDecorator(dataSource, CountingDecorator).getCollection('books');
    expect(top.schema.countable).toBe(true);
    schema = { ...schema, countable: false };

    expect(top.schema.countable).toBe(false);
    expect(top.refinements).toBe(2);
  });
});

/** A layer that exposes the base class's `sameLayerOf`. */
class SameLayerProbe extends CollectionDecorator {
  probe(foreignCollection: string): SameLayerProbe | null {
    return this.sameLayerOf(foreignCollection);
  }
}

describe('CollectionDecorator.sameLayerOf', () => {
  it("answers the related collection of this layer's own data source", () => {
    const layer = new DataSourceDecorator(createLibrary(), SameLayerProbe);
    const books = layer.getCollection('books');

    expect(books.probe('authors')).toBe(layer.getCollection('authors'));
  });

  it('answers null when the related collection is a layer of another kind', () => {
    const probes = new DataSourceDecorator(createLibrary(), SameLayerProbe);
    const books = probes.getCollection('books');
    const other = new DataSourceDecorator(probes, CountingDecorator);
    jest.spyOn(books.dataSource, 'getCollection').mockReturnValue(other.getCollection('authors'));

    expect(books.probe('authors')).toBeNull();
  });
});
