import { Aggregation, PaginatedFilter, Projection } from '@grove/datasource-toolkit';
import { buildLibrary, caller, filterOf } from './library-fixture';

// A segment whose condition uses an operator emulated in memory on a computed field.
const build = () =>
  buildLibrary(customizer =>
    customizer.customizeCollection('authors', authors =>
      authors
        .addField('fullName', {
          columnType: 'String',
          dependencies: ['firstName', 'lastName'],
          getValues: records => records.map(r => `${String(r.firstName)} ${String(r.lastName)}`),
        })
        .emulateFieldFiltering('fullName')
        .addSegment('hasSpaceInLastName', { field: 'fullName', operator: 'Like', value: '% % %' })
        .addSegment('americans', context => ({
          aggregator: 'And',
          conditions: [
            { field: 'country', operator: 'Equal', value: 'US' },
            {
              field: 'fullName',
              operator: 'IContains',
              value: context.caller.firstName.slice(0, 1),
            },
          ],
        })),
    ),
  );

describe('an emulated filter on a computed field inside a segment', () => {
  it('restricts the list to the segment', async () => {
    const dataSource = await build();
    const filter = new PaginatedFilter({ segment: 'hasSpaceInLastName' });

    await expect(
      dataSource.getCollection('authors').list(caller, filter, new Projection('fullName')),
    ).resolves.toEqual([{ fullName: 'Ursula Le Guin' }]);
  });

  it('combines a segment function with the condition tree', async () => {
    const dataSource = await build();
    const filter = new PaginatedFilter({
      segment: 'americans',
      conditionTree: filterOf({ field: 'id', operator: 'GreaterThan', value: 1 }).conditionTree,
    });

    await expect(
      dataSource.getCollection('authors').list(caller, filter, new Projection('id')),
    ).resolves.toEqual([{ id: 2 }]);
  });

  it('counts the segment (an empty emulation result counts 0)', async () => {
    const dataSource = await build();
    const rows = await dataSource.getCollection('authors').aggregate(
      caller,
      filterOf({ field: 'fullName', operator: 'Equal', value: 'Nobody' }).override({
        segment: 'americans',
      }),
      new Aggregation({ operation: 'Count' }),
    );

    expect(rows).toEqual([{ value: 0, group: {} }]);
  });
});
