import { PaginatedFilter, Projection } from '@grove/datasource-toolkit';
import { flattenRelation } from '../src';
import { build, caller, createCustomersSource, list, update } from './helpers/customers-fixture';

describe('flattenRelation on the in-memory data source', () => {
  test('imports every column but the excluded ones', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenRelation, { relationName: 'company', exclude: ['id'] }),
    );
    const names = Object.keys(dataSource.getCollection('customers').schema.fields);
    expect(names.filter(name => name.includes('@@@'))).toEqual([
      'company@@@name',
      'company@@@country',
    ]);
  });

  test('reads, filters and sorts through the relation', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenRelation, { relationName: 'company', include: ['name'] }),
    );
    await expect(list(dataSource, ['id', 'company@@@name'])).resolves.toEqual([
      { id: 1, 'company@@@name': 'Acme' },
      { id: 2, 'company@@@name': 'Globex' },
      { id: 3, 'company@@@name': null },
    ]);
    await expect(
      list(dataSource, ['id'], { field: 'company@@@name', operator: 'Equal', value: 'Globex' }),
    ).resolves.toEqual([{ id: 2 }]);
    const sorted = await list(dataSource, ['id'], { field: 'id', operator: 'In', value: [1, 2] }, [
      { field: 'company@@@name', ascending: false },
    ]);
    expect(sorted).toEqual([{ id: 2 }, { id: 1 }]);
  });

  test('writes through the relation', async () => {
    const raw = createCustomersSource();
    const dataSource = await build(raw, c =>
      c.use(flattenRelation, { relationName: 'company', include: ['country'] }),
    );
    await update(
      dataSource,
      { field: 'id', operator: 'Equal', value: 1 },
      {
        'company@@@country': 'DE',
      },
    );
    const companies = await raw
      .getCollection('companies')
      .list(caller, new PaginatedFilter(), new Projection('id', 'country'));
    expect(companies).toEqual([
      { id: 10, country: 'DE' },
      { id: 20, country: 'US' },
    ]);
  });

  test('readonly imports read-only fields', async () => {
    const dataSource = await build(createCustomersSource(), c =>
      c.use(flattenRelation, { relationName: 'company', include: ['name'], readonly: true }),
    );
    expect(dataSource.getCollection('customers').schema.fields['company@@@name']).toMatchObject({
      isReadOnly: true,
    });
  });
});
