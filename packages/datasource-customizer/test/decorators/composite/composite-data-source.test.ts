import {
  BaseDataSource,
  createInMemoryDataSource,
  type Caller,
  type Chart,
} from '@grove/datasource-toolkit';
import { CompositeDataSource } from '../../../src/decorators/composite/composite-data-source';
import { caller, createLibrary } from '../../scenarios/library-fixture';

/** A data source with one chart and one native query connection. */
class ChartSource extends BaseDataSource {
  constructor(chart: string, connection: string) {
    super();
    this.addChart(chart);
    this.addNativeQueryConnection(connection, { url: connection });
  }

  override async renderChart(_caller: Caller, name: string): Promise<Chart> {
    return { countCurrent: name.length, countPrevious: undefined };
  }

  override async executeNativeQuery(connectionName: string, query: string) {
    return [{ connectionName, query }];
  }
}

const shelf = () =>
  createInMemoryDataSource({
    collections: {
      shelves: { fields: { id: { type: 'Column', columnType: 'Number', isPrimaryKey: true } } },
    },
  });

describe('CompositeDataSource', () => {
  it('merges the collections of several data sources, in order', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(createLibrary());
    composite.addDataSource(shelf());

    expect(composite.collections.map(c => c.name)).toEqual([
      'authors',
      'books',
      'tags',
      'bookTags',
      'shelves',
    ]);
    expect(composite.getCollection('shelves').name).toBe('shelves');
  });

  it('refuses a collection name already used', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(createLibrary());

    expect(() => composite.addDataSource(createLibrary())).toThrow(
      "Collection 'authors' already exists",
    );
  });

  it('lists the available collections on an unknown name', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(shelf());

    expect(() => composite.getCollection('books')).toThrow(
      "Collection 'books' not found. List of available collections: shelves",
    );
  });

  it('merges charts and renders them with their owner', async () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(new ChartSource('sales', 'main'));
    composite.addDataSource(new ChartSource('stock', 'replica'));

    expect(composite.schema).toEqual({ charts: ['sales', 'stock'] });
    await expect(composite.renderChart(caller, 'stock')).resolves.toEqual({ countCurrent: 5 });
  });

  it('refuses a chart name already used', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(new ChartSource('sales', 'main'));

    expect(() => composite.addDataSource(new ChartSource('sales', 'other'))).toThrow(
      "Chart 'sales' is already defined in datasource.",
    );
  });

  it('refuses an unknown chart', async () => {
    const composite = new CompositeDataSource();

    await expect(composite.renderChart(caller, 'sales')).rejects.toMatchObject({
      message: "Chart 'sales' is not defined in the dataSource.",
    });
  });

  it('runs native queries on the owner of the connection', async () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(new ChartSource('sales', 'main'));
    composite.addDataSource(new ChartSource('stock', 'replica'));

    expect(Object.keys(composite.nativeQueryConnections)).toEqual(['main', 'replica']);
    await expect(composite.executeNativeQuery('replica', 'SELECT 1')).resolves.toEqual([
      { connectionName: 'replica', query: 'SELECT 1' },
    ]);
  });

  it('refuses a connection name already used', () => {
    const composite = new CompositeDataSource();
    composite.addDataSource(new ChartSource('sales', 'main'));

    expect(() => composite.addDataSource(new ChartSource('stock', 'main'))).toThrow(
      "Native query connection 'main' is already defined in datasource.",
    );
  });

  it('refuses an unknown connection', async () => {
    const composite = new CompositeDataSource();

    await expect(composite.executeNativeQuery('main', 'SELECT 1')).rejects.toMatchObject({
      message: "Unknown connection name 'main'",
    });
  });
});
