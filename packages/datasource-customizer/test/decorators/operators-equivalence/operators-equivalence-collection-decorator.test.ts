import type {
  Caller,
  CollectionSchema,
  Filter,
  Operator,
  PlainConditionTree,
} from '@grove/datasource-toolkit';
import { Projection } from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { OperatorsEquivalenceCollectionDecorator } from '../../../src/decorators/operators-equivalence/operators-equivalence-collection-decorator';
import { caller, createLibrary, filterOf, list } from '../../scenarios/library-fixture';

const native: Record<string, Operator[]> = {
  title: ['Equal', 'In', 'Like'],
  year: ['Equal', 'LessThan', 'GreaterThan'],
  firstName: ['Equal', 'In', 'Like'],
};

/** Restricts operators like a limited data source would, and records the trees it receives. */
class LimitedDecorator extends CollectionDecorator {
  static trees: unknown[] = [];
  static filters: Filter[] = [];

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (field.type === 'Column' && name in native) field.filterOperators = new Set(native[name]);
    }

    return schema;
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    LimitedDecorator.trees.push(filter.conditionTree?.toJSON() ?? null);
    LimitedDecorator.filters.push(filter);

    return filter;
  }
}

function setup() {
  LimitedDecorator.trees = [];
  LimitedDecorator.filters = [];
  const limited = new DataSourceDecorator(createLibrary(), LimitedDecorator);

  return new DataSourceDecorator(limited, OperatorsEquivalenceCollectionDecorator);
}

describe('OperatorsEquivalenceCollectionDecorator', () => {
  it('publishes every operator derivable from the native ones', () => {
    const books = setup().getCollection('books');
    const title = books.schema.fields.title;

    expect(title?.type === 'Column' && [...(title.filterOperators ?? [])]).toEqual([
      'Equal',
      'Blank',
      'Missing',
      'In',
      'StartsWith',
      'EndsWith',
      'Contains',
      'Like',
    ]);
  });

  it('rewrites an unsupported leaf into supported ones', async () => {
    const books = setup().getCollection('books');
    const tree: PlainConditionTree = { field: 'title', operator: 'StartsWith', value: 'Du' };

    await expect(list(books, ['id'], tree)).resolves.toEqual([{ id: 1 }]);
    expect(LimitedDecorator.trees).toEqual([{ field: 'title', operator: 'Like', value: 'Du%' }]);
  });

  it('leaves supported leaves untouched', async () => {
    const books = setup().getCollection('books');
    await list(books, ['id'], { field: 'title', operator: 'Like', value: 'D%' });

    expect(LimitedDecorator.trees).toEqual([{ field: 'title', operator: 'Like', value: 'D%' }]);
  });

  it('passes the very filter on when it rewrites nothing, a copy when it does', async () => {
    const books = setup().getCollection('books');
    const supported = filterOf({ field: 'title', operator: 'Like', value: 'D%' });
    const rewritten = filterOf({ field: 'title', operator: 'StartsWith', value: 'D' });
    await books.list(caller, supported, new Projection('id'));
    await books.list(caller, rewritten, new Projection('id'));

    expect(LimitedDecorator.filters[0]).toBe(supported);
    expect(LimitedDecorator.filters[1]).not.toBe(rewritten);
    expect(rewritten.conditionTree?.toJSON()).toEqual({
      field: 'title',
      operator: 'StartsWith',
      value: 'D',
    });
  });

  it('rewrites relation paths with the related collection schema', async () => {
    const books = setup().getCollection('books');
    const tree: PlainConditionTree = {
      field: 'author:firstName',
      operator: 'Contains',
      value: 'rsu',
    };

    await expect(list(books, ['id'], tree)).resolves.toEqual([{ id: 2 }, { id: 3 }]);
    expect(LimitedDecorator.trees).toEqual([
      { field: 'author:firstName', operator: 'Like', value: '%rsu%' },
    ]);
  });

  it('rewrites GreaterThanOrEqual into GreaterThan or Equal', async () => {
    const books = setup().getCollection('books');
    const tree: PlainConditionTree = { field: 'year', operator: 'GreaterThanOrEqual', value: 1968 };

    await expect(list(books, ['id'], tree)).resolves.toEqual([{ id: 2 }, { id: 3 }]);
    expect(LimitedDecorator.trees).toEqual([
      {
        aggregator: 'Or',
        conditions: [
          { field: 'year', operator: 'GreaterThan', value: 1968 },
          { field: 'year', operator: 'Equal', value: 1968 },
        ],
      },
    ]);
  });

  it('leaves an inexpressible leaf for the child to refuse', async () => {
    const books = setup().getCollection('books');
    await list(books, ['id'], { field: 'year', operator: 'ShorterThan', value: 3 }).catch(
      () => null,
    );

    expect(LimitedDecorator.trees).toEqual([{ field: 'year', operator: 'ShorterThan', value: 3 }]);
  });

  it('computes relative dates in the caller timezone (Europe/Paris)', async () => {
    LimitedDecorator.trees = [];
    const dates = new DataSourceDecorator(createLibrary(), DatesDecorator);
    const layer = new DataSourceDecorator(dates, OperatorsEquivalenceCollectionDecorator);
    jest.useFakeTimers({ now: new Date('2024-03-10T23:30:00Z') });
    try {
      // The in-memory column is a Number: only the rewritten tree matters here.
      await list(layer.getCollection('books'), ['id'], { field: 'year', operator: 'Today' }).catch(
        () => null,
      );
    } finally {
      jest.useRealTimers();
    }

    expect(LimitedDecorator.trees).toEqual([
      {
        aggregator: 'And',
        conditions: [
          {
            aggregator: 'Or',
            conditions: [
              { field: 'year', operator: 'GreaterThan', value: '2024-03-10T23:00:00Z' },
              { field: 'year', operator: 'Equal', value: '2024-03-10T23:00:00Z' },
            ],
          },
          { field: 'year', operator: 'LessThan', value: '2024-03-11T23:00:00Z' },
        ],
      },
    ]);
  });
});

/** Presents `year` as a Date column supporting only Equal, LessThan and GreaterThan. */
class DatesDecorator extends LimitedDecorator {
  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    const year = schema.fields.year;
    if (year?.type === 'Column') {
      schema.fields.year = {
        ...year,
        columnType: 'Date',
        filterOperators: new Set<Operator>(['Equal', 'LessThan', 'GreaterThan']),
      };
    }

    return schema;
  }
}
