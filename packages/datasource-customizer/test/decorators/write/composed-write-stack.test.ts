import {
  createInMemoryDataSource,
  Filter,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';
import { BinaryCollectionDecorator } from '../../../src/decorators/binary/binary-collection-decorator';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { HookCollectionDecorator } from '../../../src/decorators/hook/hook-collection-decorator';
import { ValidationCollectionDecorator } from '../../../src/decorators/validation/validation-collection-decorator';
import { WriteDataSourceDecorator } from '../../../src/decorators/write/write-data-source-decorator';
import { caller, readAll } from './library-fixture';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const pngUri = `data:image/png;base64,${png.toString('base64')}`;

/**
 * The write end of the stack, bottom to top: write → hook → validation → binary. One create
 * carries a write replacement, a validation rule and a Before-Create hook.
 */
describe('write, hook, validation and binary layers composed', () => {
  let source: DataSource;
  let top: DataSourceDecorator<BinaryCollectionDecorator>;
  let seenByHook: RecordData[];
  let events: string[];
  let hook: DataSourceDecorator<HookCollectionDecorator>;

  beforeEach(() => {
    source = createInMemoryDataSource({
      collections: {
        people: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            firstName: { type: 'Column', columnType: 'String' },
            lastName: { type: 'Column', columnType: 'String' },
            fullName: { type: 'Column', columnType: 'String', isReadOnly: true },
            avatar: { type: 'Column', columnType: 'Binary' },
          },
        },
      },
    });
    const write = new WriteDataSourceDecorator(source);
    hook = new DataSourceDecorator(write, HookCollectionDecorator);
    const validation = new DataSourceDecorator(hook, ValidationCollectionDecorator);
    top = new DataSourceDecorator(validation, BinaryCollectionDecorator);

    seenByHook = [];
    events = [];
    write.getCollection('people').replaceFieldWriting('fullName', value => {
      events.push('write');
      const [firstName, lastName] = String(value).split(' ');

      return { firstName, lastName };
    });
    hook.getCollection('people').addHook('Before', 'Create', context => {
      events.push('hook');
      seenByHook.push(...context.data.map(record => ({ ...record })));
    });
    // Registered after the write replacement made `fullName` writable below.
    validation.getCollection('people').addValidation('fullName', {
      operator: 'LongerThan',
      value: 3,
    });
  });

  test('exports the combined schema', () => {
    expect(top.getCollection('people').schema.fields.fullName).toMatchObject({
      isReadOnly: false,
      validation: [{ operator: 'LongerThan', value: 3 }],
    });
    expect(top.getCollection('people').schema.fields.avatar).toMatchObject({
      columnType: 'String',
    });
  });

  test('decodes, validates, runs the hook on the record as sent, then splits it', async () => {
    const [created] = await top
      .getCollection('people')
      .create(caller, [{ fullName: 'Ada Lovelace', avatar: pngUri }]);

    expect(events).toEqual(['hook', 'write']);
    expect(seenByHook).toEqual([{ fullName: 'Ada Lovelace', avatar: png }]);
    expect(created).toEqual({
      id: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: null,
      avatar: pngUri,
    });
    expect(await readAll(source.getCollection('people'))).toEqual([
      { id: 1, firstName: 'Ada', lastName: 'Lovelace', fullName: null, avatar: png },
    ]);
  });

  test('a failing rule stops the create before the hook and the write', async () => {
    await expect(
      top.getCollection('people').create(caller, [{ fullName: 'Al', avatar: pngUri }]),
    ).rejects.toThrow("'fullName' failed validation rule: 'LongerThan(3)'");

    expect(events).toEqual([]);
    expect(await readAll(source.getCollection('people'))).toEqual([]);
  });

  test('an invalid data URI is refused at the boundary, before validation', async () => {
    await expect(
      top.getCollection('people').create(caller, [{ fullName: 'Ada Lovelace', avatar: 'x' }]),
    ).rejects.toThrow("Invalid value for 'people.avatar'");

    expect(events).toEqual([]);
  });

  test('Before-Update hooks see the patch as sent, before it is split', async () => {
    const patches: unknown[] = [];
    await source.getCollection('people').create(caller, [{ firstName: 'A', lastName: 'B' }]);
    hook.getCollection('people').addHook('Before', 'Update', context => {
      patches.push({ ...context.patch });
    });

    await top.getCollection('people').update(caller, new Filter(), { fullName: 'Grace Hopper' });

    expect(patches).toEqual([{ fullName: 'Grace Hopper' }]);
    expect(events).toEqual(['write']);
    expect(await readAll(source.getCollection('people'))).toEqual([
      { id: 1, firstName: 'Grace', lastName: 'Hopper', fullName: null, avatar: null },
    ]);
  });
});
