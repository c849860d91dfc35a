import {
  Aggregation,
  createInMemoryDataSource,
  Filter,
  type CollectionSchema,
  type DateOperation,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../../src/decorators/collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { ValidationCollectionDecorator } from '../../../src/decorators/validation/validation-collection-decorator';
import { caller } from '../write/library-fixture';

/** Test-only layer: a data source declaring limited aggregation capabilities. */
class LimitedCapabilities extends CollectionDecorator {
  static supportGroups = true;
  static dateOperations: DateOperation[] = ['Year', 'Month'];

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    return {
      ...schema,
      aggregationCapabilities: {
        supportGroups: LimitedCapabilities.supportGroups,
        supportedDateOperations: new Set(LimitedCapabilities.dateOperations),
      },
    };
  }
}

function makeLayer(): DataSourceDecorator<ValidationCollectionDecorator> {
  const source = createInMemoryDataSource({
    collections: {
      owners: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          secret: { type: 'Column', columnType: 'String', isGroupable: false },
        },
        records: [{ id: 1, secret: 's' }],
      },
      orders: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          status: { type: 'Column', columnType: 'String' },
          note: { type: 'Column', columnType: 'String', isGroupable: false },
          createdAt: { type: 'Column', columnType: 'Date' },
          ownerId: { type: 'Column', columnType: 'Number' },
          owner: {
            type: 'ManyToOne',
            foreignCollection: 'owners',
            foreignKey: 'ownerId',
            foreignKeyTarget: 'id',
          },
        },
        records: [{ id: 1, status: 'paid', createdAt: '2024-03-04T10:00:00Z', ownerId: 1 }],
      },
    },
  });

  return new DataSourceDecorator(
    new DataSourceDecorator(source, LimitedCapabilities),
    ValidationCollectionDecorator,
  );
}

const count = (groups: Aggregation['groups']): Aggregation =>
  new Aggregation({ operation: 'Count', groups });

describe('ValidationCollectionDecorator aggregate checks', () => {
  beforeEach(() => {
    LimitedCapabilities.supportGroups = true;
    LimitedCapabilities.dateOperations = ['Year', 'Month'];
  });

  test('lets a supported aggregation through', async () => {
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'createdAt', operation: 'Month' }])),
    ).resolves.toEqual([{ value: 1, group: { createdAt: '2024-03-01' } }]);
  });

  test('refuses groups when the collection does not support them', async () => {
    LimitedCapabilities.supportGroups = false;
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'status' }])),
    ).rejects.toThrow('This collection does not support aggregate with groups.');
    await expect(orders.aggregate(caller, new Filter(), count([]))).resolves.toEqual([
      { value: 1, group: {} },
    ]);
  });

  test('refuses a group on a non-groupable column', async () => {
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'note' }])),
    ).rejects.toThrow('Field \'note\' is not groupable on "orders".');
  });

  test('resolves groupability through relations', async () => {
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'owner:secret' }])),
    ).rejects.toThrow('Field \'owner:secret\' is not groupable on "orders".');
  });

  test('refuses an unsupported date operation, listing the supported ones', async () => {
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'createdAt', operation: 'Week' }])),
    ).rejects.toThrow(
      'Collection "orders" does not support the \'Week\' date operation. ' +
        'Supported date operations: [Year, Month].',
    );
  });

  test('says none when no date operation is supported', async () => {
    LimitedCapabilities.dateOperations = [];
    const orders = makeLayer().getCollection('orders');

    await expect(
      orders.aggregate(caller, new Filter(), count([{ field: 'createdAt', operation: 'Day' }])),
    ).rejects.toThrow(
      'Collection "orders" does not support the \'Day\' date operation. ' +
        'Supported date operations: [none].',
    );
  });
});
