import type { DataSource } from '@grove/datasource-toolkit';
import { flattenJsonColumn } from '../src';
import { build, createCustomersSource, list, update } from './helpers/customers-fixture';

const columnType = { theme: 'String', notify: { email: 'Boolean' }, tags: ['String'] } as const;

describe('flattenJsonColumn on the in-memory data source', () => {
  let raw: DataSource;
  let dataSource: DataSource;

  beforeEach(async () => {
    raw = createCustomersSource();
    dataSource = await build(raw, c =>
      c.use(flattenJsonColumn, { columnName: 'prefs', columnType }),
    );
  });

  test('flattens every leaf by default, lists as one list field, and hides the column', () => {
    const { fields } = dataSource.getCollection('customers').schema;
    expect(Object.keys(fields).filter(name => name.startsWith('prefs'))).toEqual([
      'prefs@@@theme',
      'prefs@@@notify@@@email',
      'prefs@@@tags',
    ]);
    expect(fields['prefs@@@tags']).toMatchObject({ columnType: ['String'] });
  });

  test('reads keys of the JSON, null when missing', async () => {
    await expect(
      list(dataSource, ['prefs@@@theme', 'prefs@@@notify@@@email', 'prefs@@@tags']),
    ).resolves.toEqual([
      { 'prefs@@@theme': 'dark', 'prefs@@@notify@@@email': true, 'prefs@@@tags': null },
      { 'prefs@@@theme': 'light', 'prefs@@@notify@@@email': false, 'prefs@@@tags': ['a', 'b'] },
      { 'prefs@@@theme': null, 'prefs@@@notify@@@email': null, 'prefs@@@tags': null },
    ]);
  });

  test('filters and sorts flattened keys', async () => {
    await expect(
      list(dataSource, ['id'], { field: 'prefs@@@notify@@@email', operator: 'Equal', value: true }),
    ).resolves.toEqual([{ id: 1 }]);
    await expect(
      list(dataSource, ['id'], { field: 'prefs@@@tags', operator: 'IncludesAll', value: ['a'] }),
    ).resolves.toEqual([{ id: 2 }]);
    const sorted = await list(dataSource, ['id'], { field: 'id', operator: 'In', value: [1, 2] }, [
      { field: 'prefs@@@theme', ascending: false },
    ]);
    expect(sorted).toEqual([{ id: 2 }, { id: 1 }]);
  });

  test('a write merges into the stored JSON (other keys survive) with one update', async () => {
    const spy = jest.spyOn(raw.getCollection('customers'), 'update');
    await update(
      dataSource,
      { field: 'id', operator: 'Equal', value: 1 },
      {
        'prefs@@@notify@@@email': false,
      },
    );
    expect(spy).toHaveBeenCalledTimes(1);
    await expect(
      list(raw, ['prefs'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([
      { prefs: { theme: 'dark', notify: { email: false, sms: false }, extra: 1 } },
    ]);
  });

  test('records that differ are written by group, in parallel updates', async () => {
    const spy = jest.spyOn(raw.getCollection('customers'), 'update');
    await update(
      dataSource,
      { field: 'id', operator: 'In', value: [1, 2] },
      {
        'prefs@@@theme': 'blue',
      },
    );
    // The main update writes the first group, the After hook the other one (by primary key).
    expect(spy.mock.calls.map(([, , patch]) => patch)).toEqual(
      expect.arrayContaining([
        { prefs: { theme: 'blue', notify: { email: true, sms: false }, extra: 1 } },
        { prefs: { theme: 'blue', notify: { email: false }, tags: ['a', 'b'] } },
      ]),
    );
    await expect(
      list(raw, ['prefs'], { field: 'id', operator: 'In', value: [1, 2] }),
    ).resolves.toEqual([
      { prefs: { theme: 'blue', notify: { email: true, sms: false }, extra: 1 } },
      { prefs: { theme: 'blue', notify: { email: false }, tags: ['a', 'b'] } },
    ]);
  });
});

describe('flattenJsonColumn options', () => {
  test('level stops above nested objects', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenJsonColumn, { columnName: 'prefs', columnType, level: 1 }),
    );
    await expect(
      list(dataSource, ['prefs@@@notify'], { field: 'id', operator: 'Equal', value: 1 }),
    ).resolves.toEqual([{ 'prefs@@@notify': { email: true, sms: false } }]);
  });

  test('keepOriginalColumn keeps the JSON column', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenJsonColumn, { columnName: 'prefs', columnType, keepOriginalColumn: true }),
    );
    expect(dataSource.getCollection('customers').schema.fields.prefs).toMatchObject({
      columnType: 'Json',
    });
  });

  test('readonly fields are not writable', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenJsonColumn, { columnName: 'prefs', columnType, readonly: true }),
    );
    expect(dataSource.getCollection('customers').schema.fields['prefs@@@theme']).toMatchObject({
      isReadOnly: true,
    });
  });
});
