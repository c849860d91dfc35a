import type { DataSource } from '@grove/datasource-toolkit';
import { flattenColumn } from '../src';
import { build, createCustomersSource, list, update } from './helpers/customers-fixture';

/**
 * An update of records whose composite values differ is several writes (one per group of equal
 * values): they are one transaction, so a failing later group leaves every record unchanged.
 */
describe('flattenColumn: grouped writes are atomic', () => {
  let raw: DataSource;
  let dataSource: DataSource;
  let updates: number;

  beforeEach(async () => {
    raw = createCustomersSource();
    updates = 0;
    dataSource = await build(raw, customers =>
      customers
        .use(flattenColumn, { columnName: 'address', include: ['street'] })
        // The data source refuses the second update it receives (a later group's write).
        .overrideUpdate(async context => {
          updates += 1;
          if (updates === 2) context.throwError('second group refused');
          await context.collection.update(context.filter, context.patch);
        }),
    );
  });

  test('a failing group write rolls back the groups already written', async () => {
    const before = await list(raw, ['id', 'name', 'address']);

    await expect(
      update(
        dataSource,
        { field: 'id', operator: 'In', value: [1, 2, 3] },
        { 'address@@@street': 'Same', name: 'Z' },
      ),
    ).rejects.toMatchObject({ code: 'UnprocessableError', message: 'second group refused' });

    expect(updates).toBe(3); // the main update, then the two other groups (in parallel)
    await expect(list(raw, ['id', 'name', 'address'])).resolves.toEqual(before);
  });

  test('the same update commits every group when no write fails', async () => {
    updates = -10;
    await update(
      dataSource,
      { field: 'id', operator: 'In', value: [1, 2] },
      { 'address@@@street': 'Same' },
    );

    const rows = await list(raw, ['address'], { field: 'id', operator: 'In', value: [1, 2] });
    expect(rows.map(row => (row.address as { street: string }).street)).toEqual(['Same', 'Same']);
  });
});
