import {
  ConditionTreeLeaf,
  Filter,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';
import { WriteDataSourceDecorator } from '../../../../src/decorators/write/write-data-source-decorator';
import type { WriteCustomizationContext } from '../../../../src/decorators/write/write-replace/write-customization-context';
import { caller, makeLibrary, readAll } from '../library-fixture';

function splitName(value: unknown): RecordData {
  const [firstName, lastName] = String(value).split(' ');

  return { firstName, lastName };
}

describe('WriteReplaceCollectionDecorator', () => {
  let source: DataSource;
  let write: WriteDataSourceDecorator;

  beforeEach(() => {
    source = makeLibrary();
    write = new WriteDataSourceDecorator(source);
  });

  describe('replaceFieldWriting', () => {
    test('marks the field writable in the schema', () => {
      write.getCollection('authors').replaceFieldWriting('fullName', splitName);

      expect(write.getCollection('authors').schema.fields.fullName).toMatchObject({
        isReadOnly: false,
      });
    });

    test('refuses a missing handler, naming the collection and field', () => {
      const authors = write.getCollection('authors');

      expect(() => authors.replaceFieldWriting('fullName', null as never)).toThrow(
        "A new writing method should be provided to replace field writing of 'authors.fullName'",
      );
    });

    test('refuses an unknown field', () => {
      expect(() => write.getCollection('authors').replaceFieldWriting('nope', splitName)).toThrow(
        "The 'authors.nope' field was not found. Available fields are: ['id', 'firstName', " +
          "'lastName', 'fullName', 'age', 'birthDate', 'books', 'profile']. " +
          'Please check if the field name is correct.',
      );
    });

    test('refuses a relation', () => {
      expect(() => write.getCollection('books').replaceFieldWriting('author', splitName)).toThrow(
        "Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')",
      );
    });

    test('refuses a relation path', () => {
      expect(() =>
        write.getCollection('books').replaceFieldWriting('author:firstName', splitName),
      ).toThrow("Access to the 'books.author:firstName' field is denied.");
    });
  });

  describe('create', () => {
    test('writes the patch the handler returns instead of the value', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', splitName);

      const [created] = await write
        .getCollection('authors')
        .create(caller, [{ fullName: 'Frank Herbert', age: 65 }]);

      expect(created).toMatchObject({ id: 3, firstName: 'Frank', lastName: 'Herbert', age: 65 });
    });

    test('gives the handler the action and a frozen copy of the record', async () => {
      const seen: Array<{ action: string; record: unknown; filter: unknown; mutable: boolean }> =
        [];
      write.getCollection('authors').replaceFieldWriting('fullName', (value, context) => {
        let mutable = true;
        try {
          (context.record as RecordData).age = 1;
        } catch {
          mutable = false;
        }
        seen.push({ ...pick(context), mutable });

        return splitName(value);
      });

      await write.getCollection('authors').create(caller, [{ fullName: 'A B', age: 3 }]);

      expect(seen).toEqual([
        {
          action: 'create',
          record: { fullName: 'A B', age: 3 },
          filter: undefined,
          mutable: false,
        },
      ]);
    });

    test('keeps the field itself when the handler writes it, without calling it again', async () => {
      const calls: unknown[] = [];
      write.getCollection('authors').replaceFieldWriting('firstName', value => {
        calls.push(value);

        return { firstName: String(value).toUpperCase(), lastName: 'Unknown' };
      });

      const [created] = await write.getCollection('authors').create(caller, [{ firstName: 'ada' }]);

      expect(calls).toEqual(['ada']);
      expect(created).toMatchObject({ firstName: 'ADA', lastName: 'Unknown' });
    });

    test('drops the value when the handler returns nothing', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', () => undefined);

      const [created] = await write
        .getCollection('authors')
        .create(caller, [{ fullName: 'ignored', firstName: 'Kept' }]);

      expect(created).toMatchObject({ firstName: 'Kept', lastName: null, fullName: null });
    });

    test('processes chained handlers with the sub-patch as record', async () => {
      const records: unknown[] = [];
      const authors = write.getCollection('authors');
      authors.replaceFieldWriting('fullName', value => ({ firstName: value, age: 40 }));
      authors.replaceFieldWriting('firstName', (value, context) => {
        records.push(context.record);

        return { firstName: String(value).split(' ')[0], lastName: String(value).split(' ')[1] };
      });

      const [created] = await authors.create(caller, [{ fullName: 'Mary Shelley' }]);

      expect(records).toEqual([{ firstName: 'Mary Shelley', age: 40 }]);
      expect(created).toMatchObject({ firstName: 'Mary', lastName: 'Shelley', age: 40 });
    });

    test('rewrites nested relation patches with the related collection handlers', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', splitName);

      const [book] = await write
        .getCollection('books')
        .create(caller, [{ title: 'Dune', author: { fullName: 'Frank Herbert' } }]);

      expect(book).toMatchObject({ title: 'Dune', authorId: 3 });
      expect(await readAll(source.getCollection('authors'))).toContainEqual(
        expect.objectContaining({ id: 3, firstName: 'Frank', lastName: 'Herbert' }),
      );
    });

    test('deep-merges relation sub-patches written by several handlers', async () => {
      // A stand-in for two imported fields (author:firstName, author:lastName).
      const books = write.getCollection('books');
      books.replaceFieldWriting('title', value => ({
        title: value,
        author: { firstName: 'Ann' },
      }));
      books.replaceFieldWriting('status', value => ({
        status: value,
        author: { lastName: 'Leckie' },
      }));

      const [book] = await books.create(caller, [{ title: 'Ancillary', status: 'new' }]);

      expect(book).toMatchObject({ title: 'Ancillary', status: 'new', authorId: 3 });
      expect(await readAll(source.getCollection('authors'))).toContainEqual(
        expect.objectContaining({ id: 3, firstName: 'Ann', lastName: 'Leckie' }),
      );
    });

    test('accepts the same value written twice to a column', async () => {
      const authors = write.getCollection('authors');
      authors.replaceFieldWriting('fullName', () => ({ age: 30 }));

      const [created] = await authors.create(caller, [{ fullName: 'x', age: 30 }]);

      expect(created).toMatchObject({ age: 30 });
    });

    test('refuses two different values for the same column, naming it', async () => {
      const authors = write.getCollection('authors');
      authors.replaceFieldWriting('fullName', () => ({ age: 30 }));

      await expect(authors.create(caller, [{ fullName: 'x', age: 31 }])).rejects.toThrow(
        'Conflict value on the field "authors.age". It received several values.',
      );
    });

    test('refuses conflicting values inside a relation sub-patch, naming the path', async () => {
      const books = write.getCollection('books');
      books.replaceFieldWriting('title', () => ({ author: { firstName: 'A' } }));
      books.replaceFieldWriting('status', () => ({ author: { firstName: 'B' } }));

      await expect(books.create(caller, [{ title: 't', status: 's' }])).rejects.toThrow(
        'Conflict value on the field "books.author:firstName". It received several values.',
      );
    });

    test('detects a cycle between handlers, naming the collection and fields', async () => {
      const authors = write.getCollection('authors');
      authors.replaceFieldWriting('fullName', value => ({ firstName: value }));
      authors.replaceFieldWriting('firstName', value => ({ lastName: value }));
      authors.replaceFieldWriting('lastName', value => ({ fullName: value }));

      await expect(authors.create(caller, [{ fullName: 'x' }])).rejects.toThrow(
        "Cycle detected: fullName -> firstName -> lastName -> fullName (write handlers of 'authors').",
      );
    });

    test('refuses a handler returning something else than an object', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', () => 'oops' as never);

      await expect(
        write.getCollection('authors').create(caller, [{ fullName: 'x' }]),
      ).rejects.toThrow(
        'The write handler of authors.fullName should return an object or nothing.',
      );
    });

    test('validates the final patch: unknown fields', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', () => ({ nickname: 'x' }));

      await expect(
        write.getCollection('authors').create(caller, [{ fullName: 'x' }]),
      ).rejects.toThrow("The 'authors.nickname' field was not found.");
    });

    test('validates the final patch: wrong types', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', () => ({ age: 'old' }));

      await expect(
        write.getCollection('authors').create(caller, [{ fullName: 'x' }]),
      ).rejects.toThrow('The given value has a wrong type for "age": old.\n Expects "Number",null');
    });

    test('leaves records without replaced fields untouched', async () => {
      const [created] = await write.getCollection('authors').create(caller, [{ firstName: 'Jo' }]);

      expect(created).toMatchObject({ id: 3, firstName: 'Jo' });
    });
  });

  describe('update', () => {
    test('rewrites the patch once and gives the handler the filter', async () => {
      const filters: unknown[] = [];
      write.getCollection('authors').replaceFieldWriting('fullName', (value, context) => {
        filters.push(pick(context));

        return splitName(value);
      });
      const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) });

      await write.getCollection('authors').update(caller, filter, { fullName: 'Ursula Kroeber' });

      expect(filters).toEqual([
        { action: 'update', record: { fullName: 'Ursula Kroeber' }, filter },
      ]);
      expect((await readAll(source.getCollection('authors')))[1]).toMatchObject({
        firstName: 'Ursula',
        lastName: 'Kroeber',
      });
    });

    test('refuses a patch that becomes empty', async () => {
      write.getCollection('authors').replaceFieldWriting('fullName', () => undefined);

      await expect(
        write.getCollection('authors').update(caller, new Filter(), { fullName: 'x' }),
      ).rejects.toThrow('The record data is empty');
    });
  });
});

function pick(context: WriteCustomizationContext): {
  action: string;
  record: unknown;
  filter: unknown;
} {
  return { action: context.action, record: context.record, filter: context.filter };
}
