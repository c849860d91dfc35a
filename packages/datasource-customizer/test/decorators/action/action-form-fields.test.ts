import type { ActionContext } from '../../../src/decorators/action/action-context';
import type { DynamicForm } from '../../../src/decorators/action/action-form-definition';
import { caller, setup } from './action-fixture';

type Form = DynamicForm<ActionContext>;

async function evaluate(form: Form, formValues?: Record<string, unknown>) {
  const { books } = setup();
  books.addAction('Go', { scope: 'Global', execute: () => undefined, form });

  return books.getForm(caller, 'Go', formValues);
}

describe('ActionCollectionDecorator.getForm (field types and properties)', () => {
  it('returns an empty form for an action without form', async () => {
    const { books } = setup();
    books.addAction('Go', { scope: 'Global', execute: () => undefined });

    await expect(books.getForm(caller, 'Go')).resolves.toEqual([]);
  });

  it.each([
    ['Boolean', {}],
    ['Collection', { collectionName: 'authors' }],
    ['Date', {}],
    ['Dateonly', {}],
    ['Time', {}],
    ['Enum', { enumValues: ['a', 'b'] }],
    ['EnumList', { enumValues: ['a', 'b'] }],
    ['File', {}],
    ['FileList', {}],
    ['Json', {}],
    ['Number', {}],
    ['NumberList', {}],
    ['String', {}],
    ['StringList', {}],
  ])('evaluates a %s field, its id defaulting to its label', async (type, extra) => {
    const form = [{ type, label: 'My field', ...extra }] as unknown as Form;

    await expect(evaluate(form)).resolves.toEqual([
      { type, label: 'My field', id: 'My field', value: undefined, watchChanges: false, ...extra },
    ]);
  });

  it('keeps an explicit id and reads the value under it', async () => {
    await expect(
      evaluate([{ type: 'String', label: 'Reason', id: 'reason' }], { reason: 'typo' }),
    ).resolves.toEqual([
      { type: 'String', label: 'Reason', id: 'reason', value: 'typo', watchChanges: false },
    ]);
  });

  it('passes description, isRequired, isReadOnly and placeholder through', async () => {
    const [field] = await evaluate([
      {
        type: 'String',
        label: 'A',
        description: 'Why',
        isRequired: true,
        isReadOnly: false,
        placeholder: 'Type here',
      },
    ]);

    expect(field).toEqual({
      type: 'String',
      label: 'A',
      id: 'A',
      description: 'Why',
      isRequired: true,
      isReadOnly: false,
      placeholder: 'Type here',
      value: undefined,
      watchChanges: false,
    });
  });

  it('evaluates description, isRequired, isReadOnly and placeholder handlers', async () => {
    const [field] = await evaluate([
      {
        type: 'String',
        label: 'A',
        description: async () => 'computed',
        isRequired: () => true,
        isReadOnly: async () => true,
        placeholder: () => 'dynamic',
      },
    ]);

    expect(field).toMatchObject({
      description: 'computed',
      isRequired: true,
      isReadOnly: true,
      placeholder: 'dynamic',
    });
  });

  it('evaluates enumValues given as a handler', async () => {
    const [field] = await evaluate([
      { type: 'Enum', label: 'Kind', enumValues: async context => [context.caller.team] },
    ]);

    expect(field).toMatchObject({ enumValues: ['Operations'] });
  });

  it('evaluates collectionName given as a handler', async () => {
    const [field] = await evaluate([
      { type: 'Collection', label: 'Author', collectionName: () => 'authors' },
    ]);

    expect(field).toMatchObject({ collectionName: 'authors' });
  });

  it('applies a static default to an empty value', async () => {
    const [field] = await evaluate([{ type: 'Number', label: 'Qty', defaultValue: 1 }]);

    expect(field).toEqual({
      type: 'Number',
      label: 'Qty',
      id: 'Qty',
      value: 1,
      watchChanges: false,
    });
  });

  it('applies a default computed by a handler', async () => {
    const [field] = await evaluate([
      { type: 'String', label: 'Owner', defaultValue: async context => context.caller.email },
    ]);

    expect(field).toMatchObject({ value: 'ada@example.com' });
  });

  it('does not apply the default over a value already typed', async () => {
    const [field] = await evaluate([{ type: 'Number', label: 'Qty', defaultValue: 1 }], { Qty: 5 });

    expect(field).toMatchObject({ value: 5 });
  });

  it('shows defaults to the handlers of later fields', async () => {
    const [, copy] = await evaluate([
      { type: 'Number', label: 'Qty', defaultValue: 3 },
      { type: 'Number', label: 'Copy', value: context => Number(context.formValues.Qty) * 2 },
    ]);

    expect(copy).toMatchObject({ value: 6 });
  });

  it('forces a static value over the typed one', async () => {
    const [field] = await evaluate([{ type: 'String', label: 'A', value: 'forced' }], {
      A: 'typed',
    });

    expect(field).toMatchObject({ value: 'forced' });
  });

  it('computes a value handler and watches the fields it reads', async () => {
    const fields = await evaluate(
      [
        { type: 'Number', label: 'Price' },
        { type: 'Number', label: 'Total', value: context => Number(context.formValues.Price) * 2 },
      ],
      { Price: 4 },
    );

    expect(fields).toEqual([
      { type: 'Number', label: 'Price', id: 'Price', value: 4, watchChanges: true },
      { type: 'Number', label: 'Total', id: 'Total', value: 8, watchChanges: false },
    ]);
  });

  it('normalizes static dropdown options to label/value pairs', async () => {
    const [field] = await evaluate([
      {
        type: 'String',
        label: 'City',
        widget: 'Dropdown',
        search: 'static',
        options: ['Paris', { label: 'Lyon (69)', value: 'Lyon' }],
      },
    ]);

    expect(field).toEqual({
      type: 'String',
      label: 'City',
      id: 'City',
      widget: 'Dropdown',
      search: 'static',
      options: [
        { label: 'Paris', value: 'Paris' },
        { label: 'Lyon (69)', value: 'Lyon' },
      ],
      value: undefined,
      watchChanges: false,
    });
  });

  it('evaluates options given as a handler, with a null search value', async () => {
    const search: unknown[] = [];
    const [field] = await evaluate([
      {
        type: 'Number',
        label: 'Qty',
        widget: 'Dropdown',
        options: (_, searchValue) => {
          search.push(searchValue);

          return [1, 2];
        },
      },
    ]);

    expect(search).toEqual([null]);
    expect(field).toMatchObject({
      options: [
        { label: '1', value: 1 },
        { label: '2', value: 2 },
      ],
    });
  });

  it('puts widget parameters into widgetOptions, evaluating handlers', async () => {
    const [field] = await evaluate([
      { type: 'Number', label: 'Qty', widget: 'NumberInput', min: 0, max: () => 10, step: 1 },
    ]);

    expect(field).toEqual({
      type: 'Number',
      label: 'Qty',
      id: 'Qty',
      widget: 'NumberInput',
      widgetOptions: { min: 0, max: 10, step: 1 },
      value: undefined,
      watchChanges: false,
    });
  });

  it('gives the file picker parameters to the agent', async () => {
    const [field] = await evaluate([
      {
        type: 'FileList',
        label: 'Docs',
        widget: 'FilePicker',
        extensions: ['pdf'],
        maxSizeMb: 2,
        maxCount: 3,
      },
    ]);

    expect(field).toMatchObject({
      widget: 'FilePicker',
      widgetOptions: { extensions: ['pdf'], maxSizeMb: 2, maxCount: 3 },
    });
  });

  it('answers file values as data uris and gives them parsed to handlers', async () => {
    let seen: unknown;
    const fields = await evaluate(
      [
        { type: 'File', label: 'Doc' },
        {
          type: 'String',
          label: 'Name',
          value: context => {
            seen = context.formValues.Doc;

            return 'x';
          },
        },
      ],
      { Doc: 'data:text/plain;name=a.txt;base64,aGk=' },
    );

    expect(seen).toEqual({ mimeType: 'text/plain', buffer: Buffer.from('hi'), name: 'a.txt' });
    expect(fields[0]).toMatchObject({ value: 'data:text/plain;name=a.txt;base64,aGk=' });
  });

  it('formats a file default computed by a handler as a data uri', async () => {
    const [field] = await evaluate([
      {
        type: 'File',
        label: 'Doc',
        defaultValue: () => ({ mimeType: 'text/csv', buffer: Buffer.from('a'), name: 'a.csv' }),
      },
    ]);

    expect(field).toMatchObject({ value: 'data:text/csv;name=a.csv;base64,YQ==' });
  });

  it('never mutates the static form definition', async () => {
    const form = [{ type: 'String', label: 'A', defaultValue: 'x' }] as const;
    await evaluate(form);

    expect(form).toEqual([{ type: 'String', label: 'A', defaultValue: 'x' }]);
  });
});
