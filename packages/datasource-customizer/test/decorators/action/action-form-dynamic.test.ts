import { ConditionTreeLeaf, Filter, type ActionFormMetas } from '@grove/datasource-toolkit';
import { ActionCollectionDecorator } from '../../../src/decorators/action/action-collection-decorator';
import type { ActionContext } from '../../../src/decorators/action/action-context';
import type { DynamicForm } from '../../../src/decorators/action/action-form-definition';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { caller, createActionSource, setup } from './action-fixture';

type Form = DynamicForm<ActionContext>;

async function evaluate(
  form: Form,
  formValues?: Record<string, unknown>,
  metas?: ActionFormMetas,
  scope: 'Single' | 'Global' = 'Global',
) {
  const { books } = setup();
  books.addAction('Go', { scope, execute: () => undefined, form });
  const filter = new Filter({ conditionTree: new ConditionTreeLeaf('id', 'Equal', 2) });

  return books.getForm(caller, 'Go', formValues, filter, metas);
}

const field = (label: string, extra: Record<string, unknown> = {}) => ({
  type: 'String' as const,
  label,
  ...extra,
});

describe('ActionCollectionDecorator.getForm (conditions)', () => {
  it('shows a field whose if returns a truthy value', async () => {
    const fields = await evaluate([field('A', { if: () => 'yes' })]);

    expect(fields).toEqual([
      { type: 'String', label: 'A', id: 'A', value: undefined, watchChanges: false },
    ]);
  });

  it('hides a field whose if returns false', async () => {
    await expect(evaluate([field('A', { if: () => false })])).resolves.toEqual([]);
  });

  it.each([undefined, null, 0, ''])(
    'hides a field whose if returns %p (Grove: shown only when truthy)',
    async result => {
      await expect(evaluate([field('A', { if: async () => result })])).resolves.toEqual([]);
    },
  );

  it('lets if read form values and watches them', async () => {
    const fields = await evaluate(
      [
        { type: 'Boolean', label: 'Notify' },
        field('Message', {
          if: (context: { formValues: Record<string, unknown> }) => context.formValues.Notify,
        }),
      ],
      { Notify: true },
    );

    expect(
      fields.map(f => [('id' in f && f.id) || '', 'watchChanges' in f && f.watchChanges]),
    ).toEqual([
      ['Notify', true],
      ['Message', false],
    ]);
  });

  it('keeps hidden fields with includeHiddenFields, without evaluating their if', async () => {
    const condition = jest.fn(() => false);
    const fields = await evaluate(
      [field('A', { if: condition })],
      {},
      { includeHiddenFields: true },
    );

    expect(condition).not.toHaveBeenCalled();
    expect(fields).toEqual([
      { type: 'String', label: 'A', id: 'A', value: undefined, watchChanges: false },
    ]);
  });

  it('applies defaults of hidden fields to the form values', async () => {
    const fields = await evaluate([
      field('Hidden', { defaultValue: 'h', if: () => false }),
      field('Shown', {
        value: (context: { formValues: Record<string, unknown> }) => context.formValues.Hidden,
      }),
    ]);

    expect(fields).toEqual([
      { type: 'String', label: 'Shown', id: 'Shown', value: 'h', watchChanges: false },
    ]);
  });

  it('drops a Row whose fields are all hidden', async () => {
    const fields = await evaluate([
      { type: 'Layout', component: 'Row', fields: [field('A', { if: () => false })] },
      field('B'),
    ]);

    expect(fields).toEqual([
      { type: 'String', label: 'B', id: 'B', value: undefined, watchChanges: false },
    ]);
  });

  it('drops a Page whose elements are all hidden', async () => {
    const fields = await evaluate([
      { type: 'Layout', component: 'Page', elements: [field('A', { if: () => false })] },
      { type: 'Layout', component: 'Page', elements: [field('B')] },
    ]);

    expect(fields).toEqual([
      {
        type: 'Layout',
        component: 'Page',
        elements: [{ type: 'String', label: 'B', id: 'B', value: undefined, watchChanges: false }],
      },
    ]);
  });

  it('hides a layout element whose if is falsy', async () => {
    await expect(
      evaluate([{ type: 'Layout', component: 'Separator', if: () => false }]),
    ).resolves.toEqual([]);
  });
});

describe('ActionCollectionDecorator.getForm (layout)', () => {
  it('evaluates separators, html blocks, rows and pages', async () => {
    const fields = await evaluate([
      {
        type: 'Layout',
        component: 'Page',
        nextButtonLabel: 'Next',
        previousButtonLabel: () => 'Back',
        elements: [
          {
            type: 'Layout',
            component: 'HtmlBlock',
            content: context => `<p>${context.caller.firstName}</p>`,
          },
          { type: 'Layout', component: 'Separator' },
          {
            type: 'Layout',
            component: 'Row',
            fields: [field('A'), field('B', { defaultValue: 'b' })],
          },
        ],
      },
    ]);

    expect(fields).toEqual([
      {
        type: 'Layout',
        component: 'Page',
        nextButtonLabel: 'Next',
        previousButtonLabel: 'Back',
        elements: [
          { type: 'Layout', component: 'HtmlBlock', content: '<p>Ada</p>' },
          { type: 'Layout', component: 'Separator' },
          {
            type: 'Layout',
            component: 'Row',
            fields: [
              { type: 'String', label: 'A', id: 'A', value: undefined, watchChanges: false },
              { type: 'String', label: 'B', id: 'B', value: 'b', watchChanges: false },
            ],
          },
        ],
      },
    ]);
  });
});

describe('ActionCollectionDecorator.getForm (dynamic search)', () => {
  const city = {
    type: 'String' as const,
    label: 'City',
    id: 'city',
    widget: 'Dropdown' as const,
    search: 'dynamic' as const,
    options: async (_: unknown, searchValue: string | null) =>
      ['Paris', 'Lyon', 'Lille'].filter(name => name.startsWith(searchValue ?? '')),
  };

  it('returns only the searched field, found inside a Row, with options for the search', async () => {
    const fields = await evaluate(
      [field('Other'), { type: 'Layout', component: 'Row', fields: [city] }],
      {},
      { searchField: 'city', searchValues: { city: 'L' } },
    );

    expect(fields).toEqual([
      {
        type: 'String',
        label: 'City',
        id: 'city',
        widget: 'Dropdown',
        search: 'dynamic',
        options: [
          { label: 'Lyon', value: 'Lyon' },
          { label: 'Lille', value: 'Lille' },
        ],
        value: undefined,
        watchChanges: false,
      },
    ]);
  });

  it('finds the searched field by label when no id matches', async () => {
    const fields = await evaluate(
      [city],
      {},
      { searchField: 'City', searchValues: { city: 'Pa' } },
    );

    expect(fields).toMatchObject([{ id: 'city', options: [{ label: 'Paris', value: 'Paris' }] }]);
  });

  it('returns nothing when the searched field does not exist', async () => {
    await expect(evaluate([city], {}, { searchField: 'nope' })).resolves.toEqual([]);
  });
});

describe('ActionCollectionDecorator.getForm (context)', () => {
  it('lets handlers ask which field changed, and watches it', async () => {
    const fields = await evaluate(
      [
        field('Country'),
        field('City', {
          value: (context: { hasFieldChanged(id: string): boolean }) =>
            context.hasFieldChanged('Country') ? 'reset' : 'kept',
        }),
      ],
      {},
      { changedField: 'Country' },
    );

    expect(fields).toMatchObject([
      { id: 'Country', watchChanges: true },
      { id: 'City', value: 'reset', watchChanges: false },
    ]);
  });

  it('answers false from hasFieldChanged when another field changed', async () => {
    const fields = await evaluate(
      [
        field('Country'),
        field('City', {
          value: (context: { hasFieldChanged(id: string): boolean }) =>
            String(context.hasFieldChanged('Country')),
        }),
      ],
      {},
      { changedField: 'City' },
    );

    expect(fields[1]).toMatchObject({ value: 'false' });
  });

  it('refuses writes to formValues while the form is evaluated', async () => {
    const form: Form = [
      field('A', {
        value: (context: { formValues: Record<string, unknown> }) => {
          context.formValues.B = 1;

          return 'x';
        },
      }),
    ];

    await expect(evaluate(form)).rejects.toThrow(
      "formValues is readonly while the form of action 'Go' of collection 'books' is evaluated.",
    );
  });

  it('gives Single actions a context that reads the selected record', async () => {
    const fields = await evaluate(
      [
        {
          type: 'String',
          label: 'Title',
          defaultValue: async context => {
            const record = await (
              context as unknown as {
                getRecord(fields: string[]): Promise<Record<string, unknown>>;
              }
            ).getRecord(['title']);

            return String(record.title);
          },
        },
      ],
      {},
      {},
      'Single',
    );

    expect(fields).toMatchObject([{ value: 'Children of Dune' }]);
  });

  it('accepts the form as an async function of the context', async () => {
    const fields = await evaluate(async context => [
      field('Greeting', { defaultValue: `Hello ${context.caller.firstName}` }),
    ]);

    expect(fields).toEqual([
      {
        type: 'String',
        label: 'Greeting',
        id: 'Greeting',
        value: 'Hello Ada',
        watchChanges: false,
      },
    ]);
  });

  it('watches the fields a form function reads', async () => {
    const fields = await evaluate(
      context => [field('A'), ...(context.formValues.A ? [field('B')] : [])],
      { A: 'x' },
    );

    expect(fields).toMatchObject([
      { id: 'A', watchChanges: true },
      { id: 'B', watchChanges: false },
    ]);
  });

  it('checks what a form function returns', async () => {
    await expect(
      evaluate(() => [field('A'), { type: 'Layout', component: 'Page', elements: [] }]),
    ).rejects.toThrow(
      "You cannot mix pages and other form elements in an action form. Action triggering this error: 'Go'",
    );
  });

  it('refuses a form function that does not return a list', async () => {
    await expect(evaluate((() => 'nope') as unknown as Form)).rejects.toThrow(
      "The form of action 'Go' of collection 'books' must be a list of elements or a function returning one.",
    );
  });

  it('does not change the form values object it was given', async () => {
    const values = { A: undefined };
    await evaluate([field('A', { defaultValue: 'x' })], values);

    expect(values).toEqual({ A: undefined });
  });

  it('lets unknown actions fall through to the child', async () => {
    const lower = new DataSourceDecorator(createActionSource(), ActionCollectionDecorator);
    const upper = new DataSourceDecorator(lower, ActionCollectionDecorator);
    lower.getCollection('books').addAction('Below', {
      scope: 'Global',
      execute: () => undefined,
      form: [field('A')],
    });

    await expect(upper.getCollection('books').getForm(caller, 'Below')).resolves.toEqual([
      { type: 'String', label: 'A', id: 'A', value: undefined, watchChanges: false },
    ]);
    expect(upper.getCollection('books').schema.actions.Below).toEqual({
      scope: 'Global',
      generateFile: false,
      staticForm: true,
    });
  });
});
