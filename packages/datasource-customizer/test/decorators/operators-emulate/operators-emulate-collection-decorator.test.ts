import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  type ColumnSchema,
  type DataSource,
  type PlainConditionTree,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { OperatorsEmulateCollectionDecorator } from '../../../src/decorators/operators-emulate/operators-emulate-collection-decorator';
import { createLibrary } from './library-fixture';
import { OperatorsEquivalenceCollectionDecorator } from '../../../src/decorators/operators-equivalence/operators-equivalence-collection-decorator';
import { caller, restrict } from './query-test-layers';

function build() {
  const base = restrict(createLibrary(), {
    books: { title: ['Equal', 'In'], writer: ['Equal', 'In'] },
    authors: { lastName: ['Equal', 'In'] },
  });
  const emulate = new DataSourceDecorator(base, OperatorsEmulateCollectionDecorator);
  const top = new DataSourceDecorator(emulate, OperatorsEquivalenceCollectionDecorator);

  return { base, emulate, top };
}

async function ids(dataSource: DataSource, collection: string, tree: PlainConditionTree) {
  const filter = new PaginatedFilter({ conditionTree: ConditionTreeFactory.fromPlainObject(tree) });
  const records = await dataSource
    .getCollection(collection)
    .list(caller, filter, new Projection('id'));

  return records.map(record => record.id);
}

function operatorsOf(dataSource: DataSource, collection: string, field: string): string[] {
  const column = dataSource.getCollection(collection).schema.fields[field] as ColumnSchema;

  return [...(column.filterOperators ?? [])].sort();
}

describe('OperatorsEmulateCollectionDecorator', () => {
  describe('emulateFieldOperator', () => {
    it('publishes the emulated operator in the schema', () => {
      const { emulate } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');

      expect(operatorsOf(emulate, 'books', 'title')).toEqual(['Equal', 'In', 'StartsWith']);
    });

    it('matches the condition in memory and filters by primary key', async () => {
      const { base, emulate } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');
      const list = jest.spyOn(base.getCollection('books'), 'list');

      const result = await ids(emulate, 'books', {
        field: 'title',
        operator: 'StartsWith',
        value: 'Dune',
      });

      expect(result).toEqual([1, 3]);
      expect(list.mock.calls[1]?.[1].conditionTree?.toJSON()).toEqual({
        field: 'id',
        operator: 'In',
        value: [1, 3],
      });
    });

    it('restricts the scan with the native conditions the tree ANDs with', async () => {
      const { base, emulate } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');
      const list = jest.spyOn(base.getCollection('books'), 'list');

      const result = await ids(emulate, 'books', {
        aggregator: 'And',
        conditions: [
          { field: 'title', operator: 'StartsWith', value: 'Dune' },
          { field: 'price', operator: 'GreaterThan', value: 11 },
        ],
      });

      expect(result).toEqual([1]);
      expect(list.mock.calls[0]?.[1].conditionTree?.toJSON()).toEqual({
        field: 'price',
        operator: 'GreaterThan',
        value: 11,
      });
    });

    it('keeps emulated leaves inside Or branches correct', async () => {
      const { emulate } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');

      const result = await ids(emulate, 'books', {
        aggregator: 'Or',
        conditions: [
          { field: 'title', operator: 'StartsWith', value: 'Exc' },
          { field: 'price', operator: 'Equal', value: 9 },
        ],
      });

      expect(result).toEqual([2, 4]);
    });

    it('gives an empty result when nothing matches', async () => {
      const { emulate } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');

      expect(
        await ids(emulate, 'books', { field: 'title', operator: 'StartsWith', value: 'Z' }),
      ).toEqual([]);
    });

    it('evaluates relative dates in the caller timezone', async () => {
      const base = restrict(createLibrary(), { books: { publishedAt: ['Equal', 'In'] } });
      const emulate = new DataSourceDecorator(base, OperatorsEmulateCollectionDecorator);
      emulate.getCollection('books').emulateFieldOperator('publishedAt', 'Future');

      expect(await ids(emulate, 'books', { field: 'publishedAt', operator: 'Future' })).toEqual([
        4,
      ]);
    });

    it('delegates relation paths to the related collection', async () => {
      const { emulate } = build();
      emulate.getCollection('authors').emulateFieldOperator('lastName', 'StartsWith');

      expect(operatorsOf(emulate, 'authors', 'lastName')).toEqual(['Equal', 'In', 'StartsWith']);
      expect(
        await ids(emulate, 'books', {
          field: 'author:lastName',
          operator: 'StartsWith',
          value: 'Le',
        }),
      ).toEqual([2, 5]);
    });

    it('lets the equivalence layer above derive operators from the emulated one', async () => {
      const { emulate, top } = build();
      emulate.getCollection('books').emulateFieldOperator('title', 'Like');

      expect(operatorsOf(top, 'books', 'title')).toContain('Contains');
      expect(
        await ids(top, 'books', { field: 'title', operator: 'Contains', value: 'Dis' }),
      ).toEqual([2]);
    });
  });

  describe('emulateFieldFiltering', () => {
    it('emulates every operator allowed for the column type', () => {
      const { emulate } = build();
      emulate.getCollection('books').emulateFieldFiltering('title');

      expect(operatorsOf(emulate, 'books', 'title')).toEqual(
        [
          ...['Blank', 'Equal', 'Missing', 'NotEqual', 'Present'],
          ...['In', 'NotIn', 'IncludesAll', 'IncludesNone'],
          ...['Contains', 'NotContains', 'EndsWith', 'StartsWith', 'LongerThan', 'ShorterThan'],
          ...['Like', 'ILike', 'IContains', 'NotIContains', 'IEndsWith', 'IStartsWith'],
        ].sort(),
      );
    });

    it('filters with any of them', async () => {
      const { emulate } = build();
      emulate.getCollection('books').emulateFieldFiltering('title');

      expect(
        await ids(emulate, 'books', { field: 'title', operator: 'IContains', value: 'DUNE' }),
      ).toEqual([1, 3]);
      expect(
        await ids(emulate, 'books', { field: 'title', operator: 'LongerThan', value: 16 }),
      ).toEqual([5]);
    });
  });

  describe('replaceFieldOperator', () => {
    it('rewrites the condition into the tree the replacer returns', async () => {
      const { base, emulate } = build();
      emulate.getCollection('books').replaceFieldOperator('price', 'NotEqual', value => ({
        aggregator: 'Or',
        conditions: [
          { field: 'price', operator: 'LessThan', value },
          { field: 'price', operator: 'GreaterThan', value },
        ],
      }));
      const list = jest.spyOn(base.getCollection('books'), 'list');

      expect(
        await ids(emulate, 'books', { field: 'price', operator: 'NotEqual', value: 10 }),
      ).toEqual([1, 2, 4]);
      expect(list).toHaveBeenCalledTimes(1);
    });

    it('may reference relation paths', async () => {
      const { emulate } = build();
      emulate.getCollection('books').replaceFieldOperator('writer', 'IContains', value => ({
        field: 'author:lastName',
        operator: 'Equal',
        value,
      }));

      expect(
        await ids(emulate, 'books', { field: 'writer', operator: 'IContains', value: 'Banks' }),
      ).toEqual([4]);
    });

    it('may use emulated operators, of this and of related collections', async () => {
      const { emulate } = build();
      emulate.getCollection('authors').emulateFieldOperator('lastName', 'StartsWith');
      const books = emulate.getCollection('books');
      books.emulateFieldOperator('title', 'EndsWith');
      books.replaceFieldOperator('writer', 'StartsWith', value => ({
        aggregator: 'Or',
        conditions: [
          { field: 'author:lastName', operator: 'StartsWith', value },
          { field: 'title', operator: 'EndsWith', value: 'Darkness' },
        ],
      }));

      expect(
        await ids(emulate, 'books', { field: 'writer', operator: 'StartsWith', value: 'Ban' }),
      ).toEqual([4, 5]);
    });

    it('passes the value and a context bound to the emulation layer', async () => {
      const { emulate } = build();
      const replacer = jest.fn().mockReturnValue({ field: 'id', operator: 'Equal', value: 1 });
      emulate.getCollection('books').replaceFieldOperator('title', 'IContains', replacer);

      await ids(emulate, 'books', { field: 'title', operator: 'IContains', value: 'x' });

      expect(replacer.mock.calls[0]?.[0]).toBe('x');
      expect(replacer.mock.calls[0]?.[1].collection.name).toBe('books');
      expect(replacer.mock.calls[0]?.[1].caller.timezone).toBe('Europe/Paris');
    });

    it('falls back to emulation when the replacer returns nothing', async () => {
      const { emulate } = build();
      emulate.getCollection('books').replaceFieldOperator('title', 'Contains', () => null);

      expect(
        await ids(emulate, 'books', { field: 'title', operator: 'Contains', value: 'Hand' }),
      ).toEqual([5]);
    });

    it('accepts condition tree instances', async () => {
      const { emulate } = build();
      emulate
        .getCollection('books')
        .replaceFieldOperator('title', 'Contains', () => new ConditionTreeLeaf('id', 'In', [2]));

      expect(
        await ids(emulate, 'books', { field: 'title', operator: 'Contains', value: 'x' }),
      ).toEqual([2]);
    });

    it('throws at query time on a cycle, naming each step', async () => {
      const { emulate } = build();
      const books = emulate.getCollection('books');
      books.replaceFieldOperator('title', 'StartsWith', value => ({
        field: 'title',
        operator: 'Like',
        value: `${String(value)}%`,
      }));
      books.replaceFieldOperator('title', 'Like', value => ({
        field: 'title',
        operator: 'StartsWith',
        value,
      }));

      await expect(
        ids(emulate, 'books', { field: 'title', operator: 'StartsWith', value: 'Dune' }),
      ).rejects.toThrow(
        'Operator replacement cycle: books.title[StartsWith] -> books.title[Like] -> books.title[StartsWith]',
      );
    });

    it('rejects a replacement using an operator the layer does not support', async () => {
      const { emulate } = build();
      emulate.getCollection('books').replaceFieldOperator('title', 'StartsWith', value => ({
        field: 'title',
        operator: 'Like',
        value,
      }));

      await expect(
        ids(emulate, 'books', { field: 'title', operator: 'StartsWith', value: 'Dune' }),
      ).rejects.toThrow(
        "The replacer of books.title[StartsWith] returned an invalid condition tree: The given operator 'Like' is not supported by the column: 'title'.\nThe allowed types are: [Equal,In,StartsWith]",
      );
    });
  });

  describe('registration errors', () => {
    it('requires primary keys supporting Equal and In', () => {
      const base = restrict(createLibrary(), { books: { id: ['Equal'] } });
      const emulate = new DataSourceDecorator(base, OperatorsEmulateCollectionDecorator);

      expect(() => emulate.getCollection('books').emulateFieldOperator('title', 'Like')).toThrow(
        "Cannot override operators on collection 'books': the primary key columns must support 'Equal' and 'In' operators",
      );
    });

    it('rejects an unknown field', () => {
      const { emulate } = build();

      expect(() => emulate.getCollection('books').emulateFieldOperator('titel', 'Like')).toThrow(
        "The 'books.titel' field was not found. Available fields are: ['id', 'title', 'price', 'writer', 'publishedAt', 'authorId', 'author']. Please check if the field name is correct.",
      );
    });

    it('rejects a relation', () => {
      const { emulate } = build();

      expect(() => emulate.getCollection('books').emulateFieldOperator('author', 'Equal')).toThrow(
        "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
      );
    });

    it('rejects a relation path', () => {
      const { emulate } = build();

      expect(() => emulate.getCollection('books').emulateFieldFiltering('author:lastName')).toThrow(
        "Cannot override operators on 'books.author:lastName': only columns of the collection itself can be emulated; emulate the field on the related collection instead",
      );
    });

    it('rejects an operator the column type cannot support', () => {
      const { emulate } = build();

      expect(() =>
        emulate.getCollection('books').emulateFieldOperator('price', 'Contains'),
      ).toThrow(
        "Cannot emulate operator 'Contains' on 'books.price': it is not allowed on columns of type 'Number'. Allowed operators are: [Blank, Equal, Missing, NotEqual, Present, In, NotIn, IncludesAll, IncludesNone, GreaterThan, LessThan, GreaterThanOrEqual, LessThanOrEqual]",
      );
    });

    it('requires a replacer function', () => {
      const { emulate } = build();
      const books = emulate.getCollection('books');

      expect(() =>
        books.replaceFieldOperator('title', 'Like', null as unknown as () => null),
      ).toThrow("Cannot replace operator 'Like' on 'books.title': a replacer function is required");
    });
  });
});
