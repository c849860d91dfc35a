import { BaseCollection } from '../../src/base/base-collection';
import { BaseDataSource } from '../../src/base/base-data-source';
import type { Caller } from '../../src/interfaces/caller';
import type { RecordData } from '../../src/interfaces/record';
import type { AggregationCapabilities, FieldSchema } from '../../src/interfaces/schema';
import type { AggregateResult } from '../../src/query/aggregation';

const caller = { timezone: 'UTC' } as Caller;

class UsersCollection extends BaseCollection {
  constructor(dataSource: BaseDataSource, name = 'users') {
    super(name, dataSource, { driver: 'native' });
  }
  define(name: string, schema: FieldSchema): this {
    this.addField(name, schema);
    return this;
  }
  configure(capabilities: AggregationCapabilities): this {
    this.addFields({
      id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isGroupable: false },
    });
    this.addAction('Ban', { scope: 'Single' });
    this.addSegments(['Active', 'Banned', 'Active']);
    this.addChart('activity');
    this.enableCount();
    this.enableSearch();
    this.setAggregationCapabilities(capabilities);
    return this;
  }
  async list(): Promise<RecordData[]> {
    return [];
  }
  async create(_caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    return records;
  }
  async update(): Promise<void> {}
  async delete(): Promise<void> {}
  async aggregate(): Promise<AggregateResult[]> {
    return [];
  }
}

class ChartedDataSource extends BaseDataSource {
  declare(): this {
    this.addChart('revenue');
    this.addNativeQueryConnection('main', { url: 'sqlite::memory:' });
    return this;
  }
}

describe('BaseDataSource', () => {
  it('keeps collections in insertion order and finds them by name', () => {
    const dataSource = new BaseDataSource();
    const zebras = new UsersCollection(dataSource, 'zebras');
    dataSource.addCollection(zebras);
    dataSource.addCollection(new UsersCollection(dataSource, 'ants'));
    expect(dataSource.collections.map(collection => collection.name)).toEqual(['zebras', 'ants']);
    expect(dataSource.getCollection('zebras')).toBe(zebras);
  });

  it('refuses a second collection of the same name', () => {
    const dataSource = new BaseDataSource();
    dataSource.addCollection(new UsersCollection(dataSource));
    expect(() => dataSource.addCollection(new UsersCollection(dataSource))).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: "Collection 'users' already defined in datasource",
      }),
    );
  });

  it('throws a missing collection error listing the sorted names', () => {
    const dataSource = new BaseDataSource();
    dataSource.addCollection(new UsersCollection(dataSource, 'zebras'));
    dataSource.addCollection(new UsersCollection(dataSource, 'ants'));
    expect(() => dataSource.getCollection('cats')).toThrow(
      expect.objectContaining({
        name: 'MissingCollectionError',
        message: "Collection 'cats' not found. List of available collections: ants, zebras",
      }),
    );
  });

  it('has no chart and no native query connection by default', async () => {
    const dataSource = new BaseDataSource();
    expect([dataSource.schema, dataSource.nativeQueryConnections]).toEqual([{ charts: [] }, {}]);
    await expect(dataSource.renderChart(caller, 'revenue')).rejects.toMatchObject({
      code: 'ValidationError',
      message: "No chart named 'revenue' exists on this datasource.",
    });
    await expect(dataSource.executeNativeQuery('main', 'select 1')).rejects.toMatchObject({
      code: 'ValidationError',
      message: 'Native Query is not supported on this datasource',
    });
  });

  it('lets subclasses declare charts and connections once', () => {
    const dataSource = new ChartedDataSource().declare();
    expect([dataSource.schema.charts, Object.keys(dataSource.nativeQueryConnections)]).toEqual([
      ['revenue'],
      ['main'],
    ]);
    expect(() => dataSource.declare()).toThrow("Chart 'revenue' already defined in datasource");
  });
});

describe('BaseCollection', () => {
  const dataSource = new BaseDataSource();

  it('starts with the default schema', () => {
    const users = new UsersCollection(dataSource);
    expect(users.schema).toEqual({
      fields: {},
      actions: {},
      segments: [],
      charts: [],
      countable: false,
      searchable: false,
      aggregationCapabilities: {
        supportGroups: true,
        supportedDateOperations: new Set(['Year', 'Quarter', 'Month', 'Week', 'Day']),
      },
    });
    expect([users.name, users.dataSource, users.nativeDriver]).toEqual([
      'users',
      dataSource,
      { driver: 'native' },
    ]);
  });

  it('fills the schema through the protected builders', () => {
    const capabilities = { supportGroups: false, supportedDateOperations: new Set<never>() };
    const users = new UsersCollection(dataSource).configure(capabilities);
    expect(users.schema).toEqual({
      fields: {
        id: { type: 'Column', columnType: 'Number', isPrimaryKey: true, isGroupable: false },
      },
      actions: { Ban: { scope: 'Single' } },
      segments: ['Active', 'Banned'],
      charts: ['activity'],
      countable: true,
      searchable: true,
      aggregationCapabilities: capabilities,
    });
  });

  it('makes columns groupable unless told otherwise, and leaves relations alone', () => {
    const users = new UsersCollection(dataSource)
      .define('name', { type: 'Column', columnType: 'String' })
      .define('team', {
        type: 'ManyToOne',
        foreignCollection: 'teams',
        foreignKey: 'teamId',
        foreignKeyTarget: 'id',
      });
    expect(users.schema.fields).toEqual({
      name: { type: 'Column', columnType: 'String', isGroupable: true },
      team: {
        type: 'ManyToOne',
        foreignCollection: 'teams',
        foreignKey: 'teamId',
        foreignKeyTarget: 'id',
      },
    });
  });

  it('refuses a field name with a colon', () => {
    const users = new UsersCollection(dataSource);
    expect(() => users.define('team:name', { type: 'Column', columnType: 'String' })).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        name: 'RelationFieldAccessDeniedError',
        message: "Cannot add field 'team:name' to 'users': ':' is reserved for relation paths",
      }),
    );
  });

  it('refuses a field defined twice', () => {
    const users = new UsersCollection(dataSource).define('name', {
      type: 'Column',
      columnType: 'String',
    });
    expect(() => users.define('name', { type: 'Column', columnType: 'String' })).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        name: 'AlreadyDefinedFieldError',
        message: "Field 'name' is already defined in collection 'users'",
      }),
    );
  });

  it('implements no action and no chart, and returns empty forms', async () => {
    const users = new UsersCollection(dataSource);
    await expect(users.execute(caller, 'Ban', {})).rejects.toMatchObject({
      code: 'ValidationError',
      message: "Action 'Ban' does not exist on collection 'users'.",
    });
    await expect(users.renderChart(caller, 'activity', [1])).rejects.toMatchObject({
      code: 'ValidationError',
      message: "Chart 'activity' does not exist on collection 'users'.",
    });
    expect(await users.getForm(caller, 'Ban')).toEqual([]);
  });
});
