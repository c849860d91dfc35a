import { BaseCollection, BaseDataSource } from '@grove/datasource-toolkit';
import type {
  AggregationCapabilities,
  DataSource,
  FieldSchema,
  Operator,
  RecordData,
} from '@grove/datasource-toolkit';
import { sqliteShopSource } from '../charts/chart-sources';
import type { OpenedShop } from '../charts/chart-sources';
import { startChartApp, tokenOf } from '../charts/chart-test-app';
import type { ChartApp } from '../charts/chart-test-app';

/** A collection that only has a schema: the capabilities route reads nothing else. */
class SchemaOnlyCollection extends BaseCollection {
  constructor(
    name: string,
    dataSource: DataSource,
    fields: Record<string, FieldSchema>,
    capabilities: AggregationCapabilities | undefined,
  ) {
    super(name, dataSource);
    this.addFields(fields);
    if (capabilities) this.setAggregationCapabilities(capabilities);
    else delete this.schema.aggregationCapabilities;
  }

  list = async (): Promise<RecordData[]> => [];
  create = async (): Promise<RecordData[]> => [];
  update = async (): Promise<void> => undefined;
  delete = async (): Promise<void> => undefined;
  aggregate = async () => [];
}

class SchemaOnlyDataSource extends BaseDataSource<SchemaOnlyCollection> {
  constructor() {
    super();
    this.addNativeQueryConnection('main', {});
    this.addNativeQueryConnection('replica', {});
  }
}

const column = (columnType: unknown, operators: Operator[] | undefined, extra: object = {}) =>
  ({
    type: 'Column',
    columnType,
    ...(operators ? { filterOperators: new Set(operators) } : {}),
    ...extra,
  }) as FieldSchema;

function createLibrary(): DataSource {
  const dataSource = new SchemaOnlyDataSource();
  const add = (
    name: string,
    fields: Record<string, FieldSchema>,
    capabilities?: AggregationCapabilities,
  ) => dataSource.addCollection(new SchemaOnlyCollection(name, dataSource, fields, capabilities));

  add(
    'books',
    {
      id: column('Number', ['Equal', 'In', 'Present'], { isPrimaryKey: true }),
      title: column('String', ['IContains', 'NotIContains', 'StartsWith']),
      publishedAt: column('Date', ['PreviousXDaysToDate', 'AfterXHoursAgo', 'Today'], {
        isGroupable: false,
      }),
      tags: column(['String'], ['IncludesAll']),
      address: column({ street: 'String' }, ['Present']),
      history: column([{ at: 'Date' }], ['Present']),
      cover: column('Binary', undefined),
      author: {
        type: 'ManyToOne',
        foreignCollection: 'authors',
        foreignKey: 'authorId',
        foreignKeyTarget: 'id',
      },
      authorId: column('Number', ['Equal'], { isGroupable: false }),
      reviews: {
        type: 'OneToMany',
        foreignCollection: 'reviews',
        originKey: 'bookId',
        originKeyTarget: 'id',
      },
    },
    { supportGroups: true, supportedDateOperations: new Set(['Month', 'Year']) },
  );
  add('logs', { id: column('Number', ['Equal'], { isPrimaryKey: true }) });
  add(
    'flags',
    { id: column('Uuid', ['Equal'], { isPrimaryKey: true, isGroupable: false }) },
    { supportGroups: true, supportedDateOperations: new Set() },
  );

  return dataSource;
}

const agentCapabilities = {
  canUseProjectionOnGetOne: true,
  canUseProjectionViaHeader: true,
  canUseProjectionViaHeaderOnList: true,
  canUseMultipleFieldsProjectionOnRelation: true,
  canUseAuditTrail: false,
};

describe('POST /_internal/capabilities', () => {
  describe('on a data source declaring its operators', () => {
    let chart: ChartApp;

    beforeAll(async () => {
      chart = await startChartApp(createLibrary());
    });
    afterAll(() => chart?.close());

    const post = async (body: unknown) =>
      chart.request
        .post('/forest/_internal/capabilities')
        .set('Authorization', `Bearer ${await tokenOf(2)}`)
        .send(body as object);

    it('describes the requested collections in data-source order, without timezone nor permission', async () => {
      const response = await post({ collectionNames: ['flags', 'nope', 'books', 'logs'] });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        nativeQueryConnections: [{ name: 'main' }, { name: 'replica' }],
        agentCapabilities,
        collections: [
          {
            name: 'books',
            fields: [
              {
                name: 'id',
                type: 'Number',
                operators: ['equal', 'in', 'present'],
                isGroupable: true,
              },
              {
                name: 'title',
                type: 'String',
                operators: ['i_contains', 'not_i_contains', 'starts_with'],
                isGroupable: true,
              },
              {
                name: 'publishedAt',
                type: 'Date',
                operators: ['previous_x_days_to_date', 'after_x_hours_ago', 'today'],
                isGroupable: false,
              },
              { name: 'tags', type: ['String'], operators: ['includes_all'], isGroupable: true },
              { name: 'cover', type: 'Binary', operators: [], isGroupable: true },
              { name: 'author', type: 'ManyToOne', isGroupable: false },
              { name: 'authorId', type: 'Number', operators: ['equal'], isGroupable: false },
            ],
            aggregationCapabilities: {
              supportGroups: true,
              supportedDateOperations: ['Month', 'Year'],
            },
          },
          {
            name: 'logs',
            fields: [{ name: 'id', type: 'Number', operators: ['equal'], isGroupable: true }],
          },
          {
            name: 'flags',
            fields: [{ name: 'id', type: 'Uuid', operators: ['equal'], isGroupable: false }],
            aggregationCapabilities: { supportGroups: false, supportedDateOperations: [] },
          },
        ],
      });
    });

    it('answers no collection for an empty list', async () => {
      const response = await post({ collectionNames: [] });
      expect(response.body).toEqual({
        nativeQueryConnections: [{ name: 'main' }, { name: 'replica' }],
        agentCapabilities,
        collections: [],
      });
    });

    it.each([[{}], [{ collectionNames: 'books' }]])('refuses the body %j', async body => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        errors: [
          {
            name: 'ValidationError',
            detail: 'collectionNames must be an array of collection names',
            status: 400,
          },
        ],
      });
    });

    it('requires a session token', async () => {
      const response = await chart.request
        .post('/forest/_internal/capabilities')
        .send({ collectionNames: [] });
      expect(response.status).toBe(401);
    });
  });

  describe('on a customized SQLite database', () => {
    let shop: OpenedShop;
    let chart: ChartApp;

    beforeAll(async () => {
      shop = await sqliteShopSource.open();
      chart = await startChartApp(shop.dataSource);
    }, 30_000);
    afterAll(async () => {
      await chart?.close();
      await shop?.close();
    });

    it('lists the connection, the columns and ManyToOne relations with snake-case operators', async () => {
      const response = await chart.request
        .post('/forest/_internal/capabilities')
        .set('Authorization', `Bearer ${await tokenOf(1)}`)
        .send({ collectionNames: ['orders'] });
      const body = response.body as {
        nativeQueryConnections: unknown;
        collections: Array<{
          fields: Array<{ name: string; type: unknown; operators?: string[] }>;
          aggregationCapabilities: unknown;
        }>;
      };

      expect(body.nativeQueryConnections).toEqual([{ name: 'main' }]);
      const [orders] = body.collections;
      expect(orders?.fields.map(({ name, type }) => [name, type])).toEqual([
        ['id', 'Number'],
        ['amount', 'Number'],
        ['status', 'String'],
        ['created_at', 'Date'],
        ['customer_id', 'Number'],
        ['customer', 'ManyToOne'],
      ]);
      for (const field of orders?.fields ?? []) {
        for (const operator of field.operators ?? [])
          expect(operator).toMatch(/^[a-z]+(_[a-z]+)*$/);
      }
      const createdAt = orders?.fields.find(field => field.name === 'created_at');
      expect(createdAt?.operators).toEqual(
        expect.arrayContaining(['today', 'previous_x_days_to_date', 'before_x_hours_ago']),
      );
      expect(orders?.aggregationCapabilities).toEqual({
        supportGroups: true,
        supportedDateOperations: ['Year', 'Quarter', 'Month', 'Week', 'Day'],
      });
    });
  });
});
