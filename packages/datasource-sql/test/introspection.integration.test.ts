import { introspect, type Introspection, type SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { availableConnections } from './helpers/connections';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';
import { createShopSchema } from './helpers/shop-schema';

const connections = availableConnections();

describe.each(connections)('$name: introspection', connection => {
  let scratch: ScratchDatabase;
  let introspection: Introspection;
  let dataSource: SqlDataSource;
  const warnings: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(connection);
    await createShopSchema(scratch, connection.dialect);
    const options = { ...scratch.options, dialect: connection.dialect };
    introspection = JSON.parse(JSON.stringify(await introspect(options))) as Introspection;
    dataSource = await openSqlDataSource(
      options,
      { introspection },
      (level, message) => level === 'Warn' && warnings.push(message),
    );
  }, 60_000);
  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  const fields = (collection: string) => dataSource.getCollection(collection).schema.fields;

  it('lists tables, then views', () => {
    expect(introspection.tables.map(t => t.name).sort()).toEqual([
      'accounts',
      'canary',
      'customers',
      'employees',
      'logs',
      'orders',
      'product_tags',
      'products',
      'stocks',
      'tags',
    ]);
    expect(introspection.views.map(v => v.name)).toEqual(['customer_names']);
  });

  it('maps every column type', () => {
    const types = Object.fromEntries(
      Object.entries(fields('products')).map(([name, f]) => [
        name,
        f.type === 'Column' ? f.columnType : f.type,
      ]),
    );
    expect(types).toMatchObject({
      id: 'Number',
      label: 'String',
      data: 'Json',
      photo: 'Binary',
      opens: 'Time',
      day: 'Dateonly',
      big: 'Number',
      ratio: 'Number',
      active: 'Boolean',
      kind: connection.dialect === 'sqlite' ? 'String' : 'Enum',
      uid:
        connection.dialect === 'mysql' || connection.dialect === 'mariadb'
          ? expect.stringMatching(/Uuid|String/)
          : 'Uuid',
      ...(connection.dialect === 'postgres' ? { tags: ['String'] } : {}),
    });
    expect(fields('customers').created_at).toMatchObject({ columnType: 'Date' });
    expect(fields('accounts').balance).toMatchObject({ columnType: 'Number', defaultValue: 0 });
    expect(fields('products').label).toMatchObject({ defaultValue: 'new', allowNull: false });
  });

  it('makes auto-increment keys read-only and keeps composite keys', () => {
    expect(fields('customers').id).toMatchObject({ isPrimaryKey: true, isReadOnly: true });
    expect(fields('stocks').warehouse).toMatchObject({ isPrimaryKey: true });
    expect(fields('stocks').product_id).toMatchObject({ isPrimaryKey: true });
  });

  it('guesses the key of a table without one, and says so', () => {
    expect(fields('logs').id).toMatchObject({ isPrimaryKey: true });
    expect(warnings).toContain('Table "logs" has no primary key. Using "id".');
  });

  it('serves views read-only', async () => {
    expect(fields('customer_names').name).toMatchObject({ isReadOnly: true });
    await expect(
      dataSource.getCollection('customer_names').create({} as never, [{ name: 'x' }]),
    ).rejects.toThrow('View is read-only');
  });

  it('derives relations with the naming rules', () => {
    expect(fields('orders').customer).toEqual({
      type: 'ManyToOne',
      foreignCollection: 'customers',
      foreignKey: 'customer_id',
      foreignKeyTarget: 'id',
    });
    expect(Object.keys(fields('orders'))).toEqual(
      expect.arrayContaining(['customer', 'product', 'editor']),
    );
    expect(fields('customers').account).toEqual({
      type: 'OneToOne',
      foreignCollection: 'accounts',
      originKey: 'customer_id',
      originKeyTarget: 'id',
    });
    expect(Object.keys(fields('customers'))).toEqual(
      expect.arrayContaining([
        'orders_through_customers_customer_id',
        'orders_through_customers_editor_id',
      ]),
    );
    expect(fields('products').tags_through_product_tags ?? fields('products').tags).toMatchObject({
      type: 'ManyToMany',
      foreignCollection: 'tags',
      throughCollection: 'product_tags',
      originKey: 'product_id',
      foreignKey: 'tag_id',
    });
    expect(fields('tags').products).toMatchObject({
      type: 'ManyToMany',
      foreignCollection: 'products',
    });
    expect(fields('product_tags').product).toMatchObject({ type: 'ManyToOne' });
    expect(fields('employees').manager).toMatchObject({
      type: 'ManyToOne',
      foreignCollection: 'employees',
    });
    expect(fields('employees').employees_through_employees_manager_id).toMatchObject({
      type: 'OneToMany',
    });
  });
});
