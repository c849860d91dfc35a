import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  type PaginatedFilterComponents,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { OperatorsEmulateCollectionDecorator } from '../../../src/decorators/operators-emulate/operators-emulate-collection-decorator';
import { SegmentCollectionDecorator } from '../../../src/decorators/segment/segment-collection-decorator';
import type { SegmentDefinition } from '../../../src/decorators/segment/segment-definition';
import { createLibrary } from '../operators-emulate/library-fixture';
import { caller, restrict } from '../operators-emulate/query-test-layers';

function build() {
  const base = restrict(createLibrary(), { books: { title: ['Equal', 'In'] } });
  const emulate = new DataSourceDecorator(base, OperatorsEmulateCollectionDecorator);
  const segments = new DataSourceDecorator(emulate, SegmentCollectionDecorator);

  return { emulate, segments, books: segments.getCollection('books') };
}

async function ids(
  books: SegmentCollectionDecorator,
  filter: PaginatedFilterComponents,
): Promise<unknown[]> {
  const records = await books.list(caller, new PaginatedFilter(filter), new Projection('id'));

  return records.map(record => record.id);
}

describe('SegmentCollectionDecorator', () => {
  it('lists the segments of the child and the added ones', () => {
    const { books } = build();
    books.addSegment('expensive', { field: 'price', operator: 'GreaterThan', value: 11 });

    expect(books.schema.segments).toEqual(['cheap', 'expensive']);
  });

  it('intersects the segment condition with the filter tree', async () => {
    const { books } = build();
    books.addSegment('expensive', { field: 'price', operator: 'GreaterThan', value: 11 });

    expect(await ids(books, { segment: 'expensive' })).toEqual([1, 4]);
    expect(
      await ids(books, {
        segment: 'expensive',
        conditionTree: new ConditionTreeLeaf('authorId', 'Equal', 3),
      }),
    ).toEqual([4]);
  });

  it('accepts condition tree instances', async () => {
    const { books } = build();
    books.addSegment('first', new ConditionTreeLeaf('id', 'Equal', 1));

    expect(await ids(books, { segment: 'first' })).toEqual([1]);
  });

  it('computes function segments with a context bound to the segment layer', async () => {
    const { books } = build();
    const definition: SegmentDefinition = async context => {
      expect(context.collection.name).toBe('books');
      expect(context.caller.email).toBe('ada@example.com');
      const rows = await context.collection.list(
        { conditionTree: { field: 'writer', operator: 'Equal', value: 'herbert' } },
        ['id'],
      );

      return { field: 'id', operator: 'In', value: rows.map(row => row.id) };
    };
    books.addSegment('herbert', definition);

    expect(await ids(books, { segment: 'herbert' })).toEqual([1, 3]);
  });

  it('treats a function returning nothing as no restriction', async () => {
    const { books } = build();
    books.addSegment('all', () => null);

    expect(await ids(books, { segment: 'all' })).toEqual([1, 2, 3, 4, 5]);
  });

  it('may use operators emulated below it', async () => {
    const { emulate, books } = build();
    emulate.getCollection('books').emulateFieldOperator('title', 'StartsWith');
    books.addSegment('dune', { field: 'title', operator: 'StartsWith', value: 'Dune' });

    expect(await ids(books, { segment: 'dune' })).toEqual([1, 3]);
  });

  it('forwards a segment it does not know to the child that lists it', async () => {
    const { books } = build();

    expect(await ids(books, { segment: 'cheap' })).toEqual([2, 3]);
  });

  it('refuses a segment that neither it nor the child knows', async () => {
    const { books } = build();

    await expect(ids(books, { segment: 'nope' })).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'Invalid segment: "nope"',
    });
  });

  it('refuses a duplicate segment name', () => {
    const { books } = build();
    books.addSegment('expensive', { field: 'price', operator: 'GreaterThan', value: 11 });

    expect(() =>
      books.addSegment('expensive', { field: 'id', operator: 'Equal', value: 1 }),
    ).toThrow("Segment 'expensive' is already defined on collection 'books'");
    expect(() => books.addSegment('cheap', { field: 'id', operator: 'Equal', value: 1 })).toThrow(
      "Segment 'cheap' is already defined on collection 'books'",
    );
  });

  it('refuses a segment without a name', () => {
    const { books } = build();

    expect(() => books.addSegment(' ', { field: 'id', operator: 'Equal', value: 1 })).toThrow(
      "A segment of collection 'books' must have a name",
    );
  });

  it('refuses malformed JSON at registration', () => {
    const { books } = build();

    expect(() => books.addSegment('bad', { field: 'id', operator: 'Equalz', value: 1 })).toThrow(
      "Invalid segment 'bad' on collection 'books': Unknown operator 'Equalz' on field 'id'.",
    );
  });

  it('refuses, when used, a segment naming an unknown field', async () => {
    const { books } = build();
    books.addSegment('bad', { field: 'titel', operator: 'Equal', value: 'Dune' });

    await expect(ids(books, { segment: 'bad' })).rejects.toMatchObject({
      name: 'MissingFieldError',
      message:
        "Invalid segment 'bad' on collection 'books': Invalid condition on field 'titel' with operator 'Equal': The 'books.titel' field was not found. Available fields are: ['id', 'title', 'price', 'writer', 'publishedAt', 'authorId', 'author']. Please check if the field name is correct.",
    });
  });

  it('refuses, when used, a segment with an operator the field does not support', async () => {
    const { books } = build();
    books.addSegment('bad', { field: 'title', operator: 'StartsWith', value: 'Dune' });

    await expect(ids(books, { segment: 'bad' })).rejects.toThrow(
      "Invalid segment 'bad' on collection 'books': The given operator 'StartsWith' is not supported by the column: 'title'.\nThe allowed types are: [Equal,In]",
    );
  });

  describe('live query segments', () => {
    const liveQuerySegment = { query: 'select id from books', connectionName: 'main' };

    it('restricts to the primary keys the query returns', async () => {
      const { segments, books } = build();
      const run = jest
        .spyOn(segments, 'executeNativeQuery')
        .mockResolvedValue([{ id: 2 }, { id: 4 }, { id: 2 }]);

      expect(await ids(books, { liveQuerySegment })).toEqual([2, 4]);
      expect(run).toHaveBeenCalledWith('main', 'select id from books', undefined);
    });

    it('reads the first column when the key column is named otherwise', async () => {
      const { segments, books } = build();
      jest.spyOn(segments, 'executeNativeQuery').mockResolvedValue([{ book_id: 3 }]);

      expect(await ids(books, { liveQuerySegment })).toEqual([3]);
    });

    it('reports a failing query', async () => {
      const { books } = build();

      await expect(ids(books, { liveQuerySegment })).rejects.toMatchObject({
        code: 'UnprocessableError',
        message:
          'An error occurred during the execution of the segment query - Native Query is not supported on this datasource',
      });
    });
  });
});
