import { ChartDataSourceDecorator } from '../../../src/decorators/chart/chart-data-source-decorator';
import type { DataSourceChartContext } from '../../../src/decorators/chart/data-source-chart-context';
import type { DataSourceChartDefinition } from '../../../src/decorators/chart/chart-definition';
import { caller, createChartSource } from './chart-fixture';

describe('ChartDataSourceDecorator', () => {
  it('prepends its charts to the child schema', () => {
    const lower = new ChartDataSourceDecorator(createChartSource());
    lower.addChart('below', (_, builder) => builder.value(1));
    const upper = new ChartDataSourceDecorator(lower);
    upper.addChart('above', (_, builder) => builder.value(2));

    expect(upper.schema.charts).toEqual(['above', 'below']);
  });

  it('renders its charts with the caller timezone', async () => {
    const layer = new ChartDataSourceDecorator(createChartSource());
    layer.addChart('signups', (_, builder) =>
      builder.timeBased('Day', [{ date: new Date('2022-01-01T23:30:00Z'), value: 3 }]),
    );

    await expect(layer.renderChart(caller, 'signups')).resolves.toEqual([
      { label: '02/01/2022', values: { value: 3 } },
    ]);
  });

  it('gives parameters, timezone and the data source to the handler', async () => {
    const layer = new ChartDataSourceDecorator(createChartSource());
    let seen: DataSourceChartContext | undefined;
    let titles: unknown;
    layer.addChart('books', async context => {
      seen = context;
      titles = await context.dataSource.getCollection('books').list({}, ['title']);

      return 0;
    });
    await layer.renderChart(caller, 'books', { limit: 2 });

    expect(seen?.parameters).toEqual({ limit: 2 });
    expect(Object.isFrozen(seen?.parameters)).toBe(true);
    expect(seen?.timezone).toBe('Europe/Paris');
    expect(titles).toEqual([{ title: 'Dune' }, { title: 'Children of Dune' }]);
  });

  it('lets charts it does not know fall through to the child', async () => {
    const lower = new ChartDataSourceDecorator(createChartSource());
    lower.addChart('below', (_, builder) => builder.percentage(50));
    const upper = new ChartDataSourceDecorator(lower);

    await expect(upper.renderChart(caller, 'below')).resolves.toBe(50);
    await expect(upper.renderChart(caller, 'unknown')).rejects.toThrow(
      "No chart named 'unknown' exists on this datasource.",
    );
  });

  it('refuses a duplicate chart', () => {
    const layer = new ChartDataSourceDecorator(createChartSource());
    layer.addChart('signups', (_, builder) => builder.value(1));

    expect(() => layer.addChart('signups', (_, builder) => builder.value(2))).toThrow(
      "Chart 'signups' already exists.",
    );
  });

  it('throws on schema access when a chart is defined here and below', () => {
    const lower = new ChartDataSourceDecorator(createChartSource());
    lower.addChart('signups', (_, builder) => builder.value(1));
    const upper = new ChartDataSourceDecorator(lower);
    upper.addChart('signups', (_, builder) => builder.value(2));

    expect(() => upper.schema).toThrow("Chart 'signups' is defined twice.");
  });

  it('refuses an empty name', () => {
    const layer = new ChartDataSourceDecorator(createChartSource());

    expect(() => layer.addChart('', (_, builder) => builder.value(1))).toThrow(
      'A data-source chart needs a non-empty name.',
    );
  });

  it('refuses a definition that is not a function', () => {
    const layer = new ChartDataSourceDecorator(createChartSource());

    expect(() => layer.addChart('x', 3 as unknown as DataSourceChartDefinition)).toThrow(
      "Chart 'x' must be a function (context, resultBuilder) => chart.",
    );
  });

  it('wraps every collection in a chart collection decorator, once', () => {
    const layer = new ChartDataSourceDecorator(createChartSource());

    expect(layer.getCollection('books')).toBe(layer.getCollection('books'));
    expect(typeof layer.getCollection('books').addChart).toBe('function');
  });
});
