// The vendor's frontend client (@forestadmin/agent-client 1.5.8) runs actions of a Grove agent
// over a real SQLite database: it loads the form (POST …/hooks/load), fills it (each value sent
// to POST …/hooks/change, whose answer replaces the form), then executes (POST on the action
// endpoint read from the schema file). Writes are checked by reading the SQLite file directly.
import type { Agent } from '../../src/agent/agent';
import { startLibraryAgent } from './support/library-agent';
import type { LibraryAgent } from './support/library-agent';
import { vendorHttpError } from './support/vendor-client';
import type { VendorCollection } from './support/vendor-client';

type VendorAction = Awaited<ReturnType<VendorCollection['action']>>;

/** Each field of the form as the vendor client exposes it. */
function fieldsOf(action: VendorAction) {
  return action.getFields().map(field => ({
    name: field.getName(),
    type: field.getType(),
    value: field.getValue(),
    isRequired: field.isRequired(),
  }));
}

function addActions(agent: Agent): void {
  agent.customizeCollection('books', books =>
    books
      .addAction('Set price', {
        scope: 'Single',
        form: [
          { type: 'Number', label: 'Price', isRequired: true },
          {
            type: 'String',
            label: 'Reason',
            widget: 'Dropdown',
            options: [
              { label: 'Promotion', value: 'promo' },
              { label: 'Correction', value: 'fix' },
            ],
          },
        ],
        execute: async (context, resultBuilder) => {
          const { title } = await context.getRecord(['title']);
          const { Price, Reason } = context.formValues;
          await context.collection.update(context.filter, { price: Price });

          return resultBuilder.success(
            `"${String(title)}" now costs ${String(Price)} (${String(Reason)})`,
          );
        },
      })
      .addAction('Discount', {
        scope: 'Bulk',
        form: [
          { type: 'Boolean', label: 'Custom rate', defaultValue: false },
          {
            type: 'Number',
            label: 'Rate',
            if: context => context.formValues['Custom rate'] === true,
          },
          {
            type: 'String',
            label: 'Summary',
            isReadOnly: true,
            value: context => `${String(context.formValues.Rate ?? 10)}% off`,
          },
        ],
        execute: async (context, resultBuilder) => {
          const rate = Number(context.formValues.Rate ?? 10);
          const records = await context.getRecords(['id', 'price']);
          for (const { id, price } of records) {
            await context.collection.update(
              { conditionTree: { field: 'id', operator: 'Equal', value: id } },
              { price: Number(price) * (1 - rate / 100) },
            );
          }

          return resultBuilder.success(`${records.length} books discounted by ${rate}%`, {
            html: '<p>Done</p>',
          });
        },
      })
      .addAction('Archive all', {
        scope: 'Global',
        execute: (_context, resultBuilder) =>
          resultBuilder.error('Archiving is disabled', { html: '<p>Ask an admin</p>' }),
      })
      .addAction('Import', {
        scope: 'Global',
        form: [
          {
            type: 'Layout',
            component: 'Page',
            nextButtonLabel: 'Go on',
            elements: [{ type: 'String', label: 'Source' }],
          },
          {
            type: 'Layout',
            component: 'Page',
            elements: [{ type: 'Layout', component: 'HtmlBlock', content: '<p>Check</p>' }],
          },
        ],
        execute: (_context, resultBuilder) => resultBuilder.success('Imported'),
      }),
  );
}

describe('vendor agent-client → Grove agent over SQLite: actions', () => {
  let library: LibraryAgent;
  let books: VendorCollection;

  beforeEach(async () => {
    library = await startLibraryAgent(addActions);
    books = library.client.collection('books');
  });
  afterEach(() => library.stop());

  it('loads the form of an action on one record', async () => {
    const action = await books.action('Set price', { recordId: 1 });

    expect(fieldsOf(action)).toStrictEqual([
      { name: 'Price', type: 'Number', value: undefined, isRequired: true },
      { name: 'Reason', type: 'String', value: undefined, isRequired: undefined },
    ]);
  });

  it('offers the options of a dropdown field', async () => {
    const action = await books.action('Set price', { recordId: 1 });

    expect(action.getDropdownField('Reason').getOptions()).toEqual([
      { label: 'Promotion', value: 'promo' },
      { label: 'Correction', value: 'fix' },
    ]);
  });

  it('executes an action on one record with the filled values, and writes', async () => {
    const action = await books.action('Set price', { recordId: 1 });
    await action.getFieldNumber('Price').fill(4);
    await action.getDropdownField('Reason').select('Promotion');

    await expect(action.execute()).resolves.toEqual({
      success: '"Dune" now costs 4 (promo)',
      refresh: { relationships: [] },
    });
    await expect(library.db.select('SELECT id, price FROM books ORDER BY id')).resolves.toEqual([
      { id: 1, price: 4 },
      { id: 2, price: 7 },
      { id: 3, price: 6 },
      { id: 4, price: null },
    ]);
  });

  it('loads a form with a default value and a computed read-only value', async () => {
    const action = await books.action('Discount', { recordIds: [2, 3] });

    expect(fieldsOf(action)).toStrictEqual([
      { name: 'Custom rate', type: 'Boolean', value: false, isRequired: undefined },
      { name: 'Summary', type: 'String', value: '10% off', isRequired: undefined },
    ]);
  });

  it('shows a conditional field once the change hook saw the value it depends on', async () => {
    const action = await books.action('Discount', { recordIds: [2, 3] });
    await action.getCheckboxField('Custom rate').check();

    expect(fieldsOf(action).map(field => [field.name, field.value])).toEqual([
      ['Custom rate', true],
      ['Rate', undefined],
      ['Summary', '10% off'],
    ]);
  });

  it('recomputes a read-only value when a field changes', async () => {
    const action = await books.action('Discount', { recordIds: [2, 3] });
    await action.getCheckboxField('Custom rate').check();
    await action.getFieldNumber('Rate').fill(50);

    expect(action.getFieldString('Summary').getValue()).toBe('50% off');
  });

  it('executes an action on the selected records only, with its html', async () => {
    const action = await books.action('Discount', { recordIds: [2, 3] });
    await action.getCheckboxField('Custom rate').check();
    await action.getFieldNumber('Rate').fill(50);

    await expect(action.execute()).resolves.toEqual({
      success: '2 books discounted by 50%',
      html: '<p>Done</p>',
      refresh: { relationships: [] },
    });
    await expect(library.db.select('SELECT id, price FROM books ORDER BY id')).resolves.toEqual([
      { id: 1, price: 9.5 },
      { id: 2, price: 3.5 },
      { id: 3, price: 3 },
      { id: 4, price: null },
    ]);
  });

  it('reports an error result as an HTTP 400 with its message and html', async () => {
    const action = await books.action('Archive all');

    await expect(vendorHttpError(action.execute())).resolves.toEqual({
      status: 400,
      method: 'POST',
      path: '/forest/_actions/books/2/archive-all?timezone=Europe/Paris',
      body: { error: 'Archiving is disabled', html: '<p>Ask an admin</p>' },
    });
  });

  it('exposes the pages of a multi-page form', async () => {
    const layout = (await books.action('Import')).getLayout();
    const [first, second] = [layout.page(0), layout.page(1)];

    expect([first.nextButtonLabel, first.element(0).getInputId()]).toEqual(['Go on', 'Source']);
    expect(second.element(0).getHtmlBlockContent()).toBe('<p>Check</p>');
  });
});
