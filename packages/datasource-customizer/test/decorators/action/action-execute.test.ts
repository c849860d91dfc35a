import { Readable } from 'node:stream';
import {
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  type DataUri,
} from '@grove/datasource-toolkit';
import type { ActionContext } from '../../../src/decorators/action/action-context';
import { ActionContextSingle } from '../../../src/decorators/action/action-context-single';
import { caller, setup } from './action-fixture';

const byIds = (...ids: number[]) =>
  new Filter({ conditionTree: new ConditionTreeLeaf('id', 'In', ids) });

describe('ActionCollectionDecorator.execute', () => {
  it('returns a default success when the handler returns nothing', async () => {
    const { books } = setup();
    books.addAction('Go', { scope: 'Global', execute: () => undefined });

    await expect(books.execute(caller, 'Go', {})).resolves.toEqual({
      type: 'Success',
      message: 'Success',
      invalidated: new Set(),
    });
  });

  it('keeps headers set on the builder when the handler returns nothing', async () => {
    const { books } = setup();
    books.addAction('Go', {
      scope: 'Global',
      execute: (_, builder) => {
        builder.setHeader('X-Id', '42');
      },
    });

    await expect(books.execute(caller, 'Go', {})).resolves.toEqual({
      type: 'Success',
      message: 'Success',
      invalidated: new Set(),
      responseHeaders: { 'X-Id': '42' },
    });
  });

  it('returns what the handler built', async () => {
    const { books } = setup();
    books.addAction('Go', {
      scope: 'Bulk',
      execute: (_, builder) => builder.error('Nope', { html: '<b>Nope</b>' }),
    });

    await expect(books.execute(caller, 'Go', {}, byIds(1))).resolves.toEqual({
      type: 'Error',
      message: 'Nope',
      html: '<b>Nope</b>',
      responseHeaders: {},
    });
  });

  it('returns file results with a stream', async () => {
    const { books } = setup();
    books.addAction('Export', {
      scope: 'Global',
      generateFile: true,
      execute: (_, builder) => builder.file('a,b', 'export.csv', 'text/csv'),
    });
    const result = await books.execute(caller, 'Export', {});

    expect(result.type).toBe('File');
    expect(result.type === 'File' && result.stream).toBeInstanceOf(Readable);
  });

  it('lets unknown actions fall through to the child', async () => {
    const { books } = setup();

    await expect(books.execute(caller, 'Unknown', {})).rejects.toThrow(
      "Action 'Unknown' does not exist on collection 'books'.",
    );
  });

  it('propagates errors thrown by the handler', async () => {
    const { books } = setup();
    books.addAction('Go', {
      scope: 'Global',
      execute: context => context.throwForbiddenError('Only on Mondays'),
    });

    await expect(books.execute(caller, 'Go', {})).rejects.toThrow('Only on Mondays');
  });

  it('gives a Single context to Single actions and a plain one to the others', async () => {
    const { books } = setup();
    const contexts: ActionContext[] = [];
    books.addAction('One', { scope: 'Single', execute: context => void contexts.push(context) });
    books.addAction('Many', { scope: 'Bulk', execute: context => void contexts.push(context) });
    books.addAction('All', { scope: 'Global', execute: context => void contexts.push(context) });
    await books.execute(caller, 'One', {}, byIds(1));
    await books.execute(caller, 'Many', {}, byIds(1));
    await books.execute(caller, 'All', {});

    expect(contexts.map(context => context instanceof ActionContextSingle)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('gives the form values, filter and caller to the handler', async () => {
    const { books } = setup();
    let seen: ActionContext | undefined;
    books.addAction('Go', { scope: 'Bulk', execute: context => void (seen = context) });
    const filter = byIds(1, 2);
    await books.execute(caller, 'Go', { Reason: 'typo' }, filter);

    expect(seen?.formValues).toEqual({ Reason: 'typo' });
    expect(seen?.filter).toBe(filter);
    expect(seen?.caller).toEqual(caller);
    expect(seen?.collection.name).toBe('books');
  });

  it('gives an empty filter to a global action called without one', async () => {
    const { books } = setup();
    let seen: ActionContext | undefined;
    books.addAction('Go', { scope: 'Global', execute: context => void (seen = context) });
    await books.execute(caller, 'Go', {});

    expect(seen?.filter).toEqual(new Filter());
  });

  it('lets the handler write through the collection', async () => {
    const { books, rawBooks } = setup();
    books.addAction('Discount', {
      scope: 'Bulk',
      execute: async context => context.collection.update(context.filter, { price: 1 }),
    });
    await books.execute(caller, 'Discount', {}, byIds(1, 3));
    const prices = await rawBooks.list(
      caller,
      new PaginatedFilter({}),
      new Projection('id', 'price'),
    );

    expect(prices).toEqual([
      { id: 1, price: 1 },
      { id: 2, price: 12 },
      { id: 3, price: 1 },
    ]);
  });

  it('does not pass its form values object to the handler', async () => {
    const { books } = setup();
    books.addAction('Go', {
      scope: 'Global',
      execute: context => {
        context.formValues.added = true;
      },
    });
    const values = { a: 1 };
    await books.execute(caller, 'Go', values);

    expect(values).toEqual({ a: 1 });
  });
});

describe('ActionCollectionDecorator.execute (files)', () => {
  const uri = 'data:text/plain;name=notes.txt;base64,aGk=';

  it('parses File values of a static form into data uri objects', async () => {
    const { books } = setup();
    let file: unknown;
    books.addAction('Import', {
      scope: 'Global',
      form: [{ type: 'File', label: 'Doc' }],
      execute: context => void (file = context.formValues.Doc),
    });
    await books.execute(caller, 'Import', { Doc: uri });

    expect(file).toEqual({ mimeType: 'text/plain', buffer: Buffer.from('hi'), name: 'notes.txt' });
  });

  it('parses FileList values inside Rows and Pages', async () => {
    const { books } = setup();
    let files: unknown;
    books.addAction('Import', {
      scope: 'Global',
      form: [
        {
          type: 'Layout',
          component: 'Page',
          elements: [
            { type: 'Layout', component: 'Row', fields: [{ type: 'FileList', label: 'Docs' }] },
          ],
        },
      ],
      execute: context => void (files = context.formValues.Docs),
    });
    await books.execute(caller, 'Import', { Docs: [uri, uri] });

    expect((files as DataUri[]).map(file => file.buffer.toString())).toEqual(['hi', 'hi']);
  });

  it('parses File values of a form function', async () => {
    const { books } = setup();
    let file: unknown;
    books.addAction('Import', {
      scope: 'Global',
      form: () => [{ type: 'File', label: 'Doc', id: 'doc' }],
      execute: context => void (file = context.formValues.doc),
    });
    await books.execute(caller, 'Import', { doc: uri });

    expect((file as DataUri).name).toBe('notes.txt');
  });

  it('leaves string values of other field types alone', async () => {
    const { books } = setup();
    let value: unknown;
    books.addAction('Go', {
      scope: 'Global',
      form: [{ type: 'String', label: 'Text' }],
      execute: context => void (value = context.formValues.Text),
    });
    await books.execute(caller, 'Go', { Text: uri });

    expect(value).toBe(uri);
  });

  it('passes already parsed files through', async () => {
    const { books } = setup();
    const parsed = { mimeType: 'text/plain', buffer: Buffer.from('x') };
    let file: unknown;
    books.addAction('Import', {
      scope: 'Global',
      form: [{ type: 'File', label: 'Doc' }],
      execute: context => void (file = context.formValues.Doc),
    });
    await books.execute(caller, 'Import', { Doc: parsed });

    expect(file).toBe(parsed);
  });

  it('refuses a File value that is not a data uri, naming the field', async () => {
    const { books } = setup();
    books.addAction('Import', {
      scope: 'Global',
      form: [{ type: 'File', label: 'Doc' }],
      execute: () => undefined,
    });

    await expect(books.execute(caller, 'Import', { Doc: 'hello' })).rejects.toThrow(
      "Invalid value of field 'Doc' of action 'Import' of collection 'books': " +
        'Expected a file, got "hello". A file value must be a data uri.',
    );
  });
});
