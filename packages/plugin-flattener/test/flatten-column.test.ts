import type { DataSource } from '@grove/datasource-toolkit';
import { flattenColumn } from '../src';
import { build, caller, createCustomersSource, list, update } from './helpers/customers-fixture';

const fieldNames = (dataSource: DataSource) =>
  Object.keys(dataSource.getCollection('customers').schema.fields);

describe('flattenColumn on the in-memory data source', () => {
  let raw: DataSource;
  let dataSource: DataSource;

  beforeEach(async () => {
    raw = createCustomersSource();
    dataSource = await build(raw, c =>
      c.use(flattenColumn, { columnName: 'address', include: ['street', 'geo.lat', 'kind'] }),
    );
  });

  test('adds @@@ fields and keeps the original column', () => {
    expect(fieldNames(dataSource)).toEqual(
      expect.arrayContaining(['address', 'address@@@street', 'address@@@geo@@@lat']),
    );
  });

  test('types fields from the composite type, nested enums included', () => {
    const { fields } = dataSource.getCollection('customers').schema;
    expect(fields['address@@@geo@@@lat']).toMatchObject({ columnType: 'Number' });
    expect(fields['address@@@kind']).toMatchObject({
      columnType: 'Enum',
      enumValues: ['home', 'work'],
    });
  });

  test('reads in batch, null below a null column', async () => {
    await expect(
      list(dataSource, ['id', 'address@@@street', 'address@@@geo@@@lat']),
    ).resolves.toEqual([
      { id: 1, 'address@@@street': 'Rue A', 'address@@@geo@@@lat': 48 },
      { id: 2, 'address@@@street': 'Main St', 'address@@@geo@@@lat': 40 },
      { id: 3, 'address@@@street': null, 'address@@@geo@@@lat': null },
    ]);
  });

  test('filters a flattened field', async () => {
    const rows = await list(dataSource, ['id'], {
      field: 'address@@@geo@@@lat',
      operator: 'GreaterThan',
      value: 45,
    });
    expect(rows).toEqual([{ id: 1 }]);
  });

  test('sorts a flattened field', async () => {
    const rows = await list(dataSource, ['id'], undefined, [
      { field: 'address@@@street', ascending: false },
    ]);
    expect(rows.map(row => row.id)).toEqual([1, 2, 3]);
  });

  test('an update of one record merges into its stored composite value', async () => {
    await update(
      dataSource,
      { field: 'id', operator: 'Equal', value: 1 },
      {
        'address@@@geo@@@lat': 50,
      },
    );
    await expect(
      list(raw, ['address'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ address: { street: 'Rue A', kind: 'home', geo: { lat: 50, lng: 2 } } }]);
  });

  test('an update of records with different values writes one group each', async () => {
    await update(
      dataSource,
      { field: 'id', operator: 'In', value: [1, 2, 3] },
      {
        'address@@@street': 'Same',
        name: 'Z',
      },
    );
    await expect(list(raw, ['id', 'name', 'address'])).resolves.toEqual([
      {
        id: 1,
        name: 'Z',
        address: { street: 'Same', kind: 'home', geo: { lat: 48, lng: 2 } },
      },
      {
        id: 2,
        name: 'Z',
        address: { street: 'Same', kind: 'work', geo: { lat: 40, lng: -74 } },
      },
      { id: 3, name: 'Z', address: { street: 'Same' } },
    ]);
  });

  test('a create folds flattened fields into the column', async () => {
    await dataSource
      .getCollection('customers')
      .create(caller, [
        { id: 4, name: 'Dee', 'address@@@street': 'New', 'address@@@geo@@@lat': 1 },
      ]);
    await expect(
      list(raw, ['address'], { field: 'id', operator: 'Equal', value: 4 }),
    ).resolves.toEqual([{ address: { street: 'New', geo: { lat: 1 } } }]);
  });
});

describe('flattenColumn options', () => {
  const flattened = async (options: Parameters<typeof flattenColumn>[2]) =>
    fieldNames(await build(createCustomersSource(), c => c.use(flattenColumn, options))).filter(
      name => name.includes('@@@'),
    );

  test('defaults to level 1: object sub-fields stay objects', async () => {
    await expect(flattened({ columnName: 'address' })).resolves.toEqual([
      'address@@@street',
      'address@@@kind',
      'address@@@geo',
    ]);
  });

  test('level 2 reaches the nested leaves', async () => {
    await expect(flattened({ columnName: 'address', level: 2 })).resolves.toEqual([
      'address@@@street',
      'address@@@kind',
      'address@@@geo@@@lat',
      'address@@@geo@@@lng',
    ]);
  });

  test('exclude of a parent path excludes its children', async () => {
    await expect(
      flattened({ columnName: 'address', level: 2, exclude: ['geo', 'kind'] }),
    ).resolves.toEqual(['address@@@street']);
  });

  test('exclude accepts ":" paths', async () => {
    await expect(
      flattened({ columnName: 'address', level: 2, exclude: ['geo:lng'] }),
    ).resolves.toEqual(['address@@@street', 'address@@@kind', 'address@@@geo@@@lat']);
  });

  test('readonly fields are not writable', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenColumn, { columnName: 'address', readonly: true }),
    );
    expect(dataSource.getCollection('customers').schema.fields['address@@@street']).toMatchObject({
      isReadOnly: true,
    });
  });

  test('columnType overrides the type (a Json column described by hand)', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenColumn, { columnName: 'prefs', columnType: { theme: 'String' } }),
    );
    await expect(list(dataSource, ['prefs@@@theme'])).resolves.toEqual([
      { 'prefs@@@theme': 'dark' },
      { 'prefs@@@theme': 'light' },
      { 'prefs@@@theme': null },
    ]);
  });
});
