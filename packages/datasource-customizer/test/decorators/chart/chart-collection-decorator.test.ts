import { isGroveError } from '@grove/datasource-toolkit';
import { ChartDataSourceDecorator } from '../../../src/decorators/chart/chart-data-source-decorator';
import type { CollectionChartContext } from '../../../src/decorators/chart/collection-chart-context';
import type { CollectionChartDefinition } from '../../../src/decorators/chart/chart-definition';
import { caller, createChartSource } from './chart-fixture';

function setup() {
  const layer = new ChartDataSourceDecorator(createChartSource());

  return { layer, books: layer.getCollection('books'), ratings: layer.getCollection('ratings') };
}

describe('ChartCollectionDecorator', () => {
  it('appends chart names to the collection schema', () => {
    const { books } = setup();
    books.addChart('sales', (_, builder) => builder.value(1));
    books.addChart('ratings', (_, builder) => builder.value(2));

    expect(books.schema.charts).toEqual(['sales', 'ratings']);
  });

  it('refreshes a schema read before the chart was added', () => {
    const { books } = setup();
    expect(books.schema.charts).toEqual([]);
    books.addChart('sales', (_, builder) => builder.value(1));

    expect(books.schema.charts).toEqual(['sales']);
  });

  it('renders a chart with the result builder', async () => {
    const { books } = setup();
    books.addChart('sales', (_, builder) => builder.value(120, 100));

    await expect(books.renderChart(caller, 'sales', [1])).resolves.toEqual({
      countCurrent: 120,
      countPrevious: 100,
    });
  });

  it('gives the record id, composite id, parameters and timezone to the handler', async () => {
    const { books } = setup();
    let seen: CollectionChartContext | undefined;
    books.addChart('sales', context => {
      seen = context;

      return 0;
    });
    await books.renderChart(caller, 'sales', [2], { period: 'week' });

    expect(seen?.recordId).toBe(2);
    expect(seen?.compositeRecordId).toEqual([2]);
    expect(seen?.parameters).toEqual({ period: 'week' });
    expect(Object.isFrozen(seen?.parameters)).toBe(true);
    expect(seen?.timezone).toBe('Europe/Paris');
    expect(seen?.caller.email).toBe('ada@example.com');
  });

  it('defaults parameters to an empty object', async () => {
    const { books } = setup();
    let parameters: unknown;
    books.addChart('sales', context => (parameters = context.parameters));
    await books.renderChart(caller, 'sales', [1]);

    expect(parameters).toEqual({});
  });

  it('buckets time-based charts in the caller timezone', async () => {
    const { books } = setup();
    books.addChart('sales', (_, builder) =>
      builder.timeBased('Day', [{ date: new Date('2022-01-01T23:30:00Z'), value: 1 }]),
    );

    await expect(books.renderChart(caller, 'sales', [1])).resolves.toEqual([
      { label: '02/01/2022', values: { value: 1 } },
    ]);
  });

  it('reads the record through getRecord, relations included', async () => {
    const { books } = setup();
    books.addChart('sales', async (context, builder) => {
      const record = await context.getRecord(['sales', 'author:name']);

      return builder.smart(record);
    });

    await expect(books.renderChart(caller, 'sales', [1])).resolves.toEqual({
      sales: 120,
      author: { name: 'Frank Herbert' },
    });
  });

  it('reads a record with a composite key', async () => {
    const { ratings } = setup();
    ratings.addChart('score', async (context, builder) =>
      builder.value(Number((await context.getRecord(['score'])).score)),
    );

    await expect(ratings.renderChart(caller, 'score', [1, 7])).resolves.toEqual({
      countCurrent: 5,
    });
  });

  it('refuses recordId on a composite primary key', async () => {
    const { ratings } = setup();
    ratings.addChart('score', context => context.recordId);

    await expect(ratings.renderChart(caller, 'score', [1, 7])).rejects.toThrow(
      'Collection is using a composite pk: use `context.compositeRecordId`.',
    );
  });

  it('refuses getRecord on an unknown field', async () => {
    const { books } = setup();
    books.addChart('sales', context => context.getRecord(['nope']));

    await expect(books.renderChart(caller, 'sales', [1])).rejects.toThrow(
      "The 'books.nope' field was not found.",
    );
  });

  it('throws a NotFoundError when the record does not exist', async () => {
    const { books } = setup();
    books.addChart('sales', context => context.getRecord(['sales']));
    const error = await books.renderChart(caller, 'sales', [99]).catch((e: unknown) => e);

    expect(isGroveError(error, 'NotFoundError')).toBe(true);
    expect((error as Error).message).toBe("Record '99' was not found in collection 'books'.");
  });

  it('refuses a duplicate chart', () => {
    const { books } = setup();
    books.addChart('sales', (_, builder) => builder.value(1));

    expect(() => books.addChart('sales', (_, builder) => builder.value(2))).toThrow(
      "Chart 'sales' already exists on collection 'books'.",
    );
  });

  it('refuses an empty name', () => {
    const { books } = setup();

    expect(() => books.addChart('', (_, builder) => builder.value(1))).toThrow(
      "A chart of collection 'books' needs a non-empty name.",
    );
  });

  it('refuses a definition that is not a function', () => {
    const { books } = setup();

    expect(() => books.addChart('sales', {} as unknown as CollectionChartDefinition)).toThrow(
      "Chart 'sales' of collection 'books' must be a function (context, resultBuilder) => chart.",
    );
  });

  it('lets unknown charts fall through to the child', async () => {
    const { books } = setup();

    await expect(books.renderChart(caller, 'unknown', [1])).rejects.toThrow(
      "Chart 'unknown' does not exist on collection 'books'.",
    );
  });
});
