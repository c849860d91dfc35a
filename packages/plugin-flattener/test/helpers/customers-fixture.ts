import { DataSourceCustomizer, type CollectionCustomizer } from '@grove/datasource-customizer';
import {
  PaginatedFilter,
  Projection,
  Sort,
  ConditionTreeFactory,
  createInMemoryDataSource,
  type Caller,
  type DataSource,
  type PlainConditionTree,
  type RecordData,
} from '@grove/datasource-toolkit';

export const caller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'ops',
  role: 'admin',
  tags: {},
  timezone: 'Europe/Paris',
};

/** Customers with a composite `address`, a Json `prefs` and a ManyToOne `company`. */
export function createCustomersSource(): DataSource {
  return createInMemoryDataSource({
    collections: {
      companies: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          country: { type: 'Column', columnType: 'String' },
          customers: {
            type: 'OneToMany',
            foreignCollection: 'customers',
            originKey: 'companyId',
            originKeyTarget: 'id',
          },
        },
        records: [
          { id: 10, name: 'Acme', country: 'FR' },
          { id: 20, name: 'Globex', country: 'US' },
        ],
      },
      customers: {
        fields: {
          id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
          name: { type: 'Column', columnType: 'String' },
          tags: { type: 'Column', columnType: ['String'] },
          address: {
            type: 'Column',
            columnType: {
              street: 'String',
              kind: { type: 'Enum', enumValues: ['home', 'work'] },
              geo: { lat: 'Number', lng: 'Number' },
            },
          },
          prefs: { type: 'Column', columnType: 'Json' },
          companyId: { type: 'Column', columnType: 'Number' },
          company: {
            type: 'ManyToOne',
            foreignCollection: 'companies',
            foreignKey: 'companyId',
            foreignKeyTarget: 'id',
          },
        },
        records: [
          {
            id: 1,
            name: 'Ada',
            tags: [],
            address: { street: 'Rue A', kind: 'home', geo: { lat: 48, lng: 2 } },
            prefs: { theme: 'dark', notify: { email: true, sms: false }, extra: 1 },
            companyId: 10,
          },
          {
            id: 2,
            name: 'Bob',
            tags: [],
            address: { street: 'Main St', kind: 'work', geo: { lat: 40, lng: -74 } },
            prefs: { theme: 'light', notify: { email: false }, tags: ['a', 'b'] },
            companyId: 20,
          },
          { id: 3, name: 'Cy', tags: [], address: null, prefs: null, companyId: null },
        ],
      },
    },
  });
}

/** Builds the customized data source over `raw`, customizing `customers`. */
export function build(
  raw: DataSource,
  customize: (customers: CollectionCustomizer) => unknown,
  collection = 'customers',
): Promise<DataSource> {
  return new DataSourceCustomizer()
    .addDataSource(async () => raw)
    .customizeCollection(collection, customize)
    .getDataSource();
}

/** Lists customers (by id unless a sort is given). */
export function list(
  dataSource: DataSource,
  fields: string[],
  conditionTree?: PlainConditionTree,
  sort: { field: string; ascending: boolean }[] = [{ field: 'id', ascending: true }],
): Promise<RecordData[]> {
  return dataSource.getCollection('customers').list(
    caller,
    new PaginatedFilter({
      conditionTree: conditionTree ? ConditionTreeFactory.fromPlainObject(conditionTree) : null,
      sort: new Sort(...sort),
    }),
    new Projection(...fields),
  );
}

/** Updates the customers matching `conditionTree`. */
export function update(
  dataSource: DataSource,
  conditionTree: PlainConditionTree,
  patch: RecordData,
): Promise<void> {
  return dataSource
    .getCollection('customers')
    .update(
      caller,
      new PaginatedFilter({ conditionTree: ConditionTreeFactory.fromPlainObject(conditionTree) }),
      patch,
    );
}
