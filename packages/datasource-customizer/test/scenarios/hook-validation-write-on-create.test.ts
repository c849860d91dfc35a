import type { RecordData } from '@grove/datasource-toolkit';
import { buildLibrary, caller, list } from './library-fixture';

// One create of `authors` crossing three layers: validation (on the API value), a Before hook
// (seeing the patch as the UI sent it, before the write replacement splits it) and the write
// replacement of the computed `fullName` into real columns.
function build(events: string[]) {
  return buildLibrary(customizer =>
    customizer.customizeCollection('authors', authors =>
      authors
        .addField('fullName', {
          columnType: 'String',
          dependencies: ['firstName', 'lastName'],
          getValues: records => records.map(r => `${String(r.firstName)} ${String(r.lastName)}`),
        })
        .replaceFieldWriting('fullName', value => {
          events.push(`write ${String(value)}`);
          const [firstName, ...rest] = String(value).split(' ');

          return { firstName, lastName: rest.join(' ') };
        })
        .addFieldValidation('fullName', 'Contains', ' ')
        .addHook('Before', 'Create', context => {
          events.push(`before ${JSON.stringify(context.data)}`);
          for (const record of context.data as RecordData[]) record.country = 'UK';
        })
        .addHook('After', 'Create', context => {
          events.push(`after ${JSON.stringify(context.records)}`);
        }),
    ),
  );
}

describe('a hook, a validation rule and a write replacement on one create', () => {
  it('validates, runs the hook on the raw patch, then splits the field', async () => {
    const events: string[] = [];
    const dataSource = await build(events);
    const [created] = await dataSource
      .getCollection('authors')
      .create(caller, [{ fullName: 'Mary Shelley' }]);

    expect(created).toEqual({ id: 4, firstName: 'Mary', lastName: 'Shelley', country: 'UK' });
    expect(events).toEqual([
      'before [{"fullName":"Mary Shelley"}]',
      'write Mary Shelley',
      'after [{"id":4,"firstName":"Mary","lastName":"Shelley","country":"UK"}]',
    ]);
    await expect(
      list(dataSource.getCollection('authors'), ['fullName', 'country'], {
        field: 'id',
        operator: 'Equal',
        value: 4,
      }),
    ).resolves.toEqual([{ fullName: 'Mary Shelley', country: 'UK' }]);
  });

  it('refuses invalid data before any hook or write runs', async () => {
    const events: string[] = [];
    const dataSource = await build(events);

    await expect(
      dataSource.getCollection('authors').create(caller, [{ fullName: 'Homer' }]),
    ).rejects.toMatchObject({
      message: "'fullName' failed validation rule: 'Contains( )'",
    });
    expect(events).toEqual([]);
  });
});
