import request from 'supertest';
import { startActionApp, tokenOf } from './action-test-app';
import type { ActionApp } from './action-test-app';

const carriers = ['DHL', 'UPS', 'La Poste'];
let fixture: ActionApp;

beforeAll(async () => {
  fixture = await startActionApp({
    customize: books =>
      books
        .addAction('Ship', {
          scope: 'Single',
          form: [
            { type: 'Enum', label: 'Country', enumValues: ['FR', 'US'], defaultValue: 'FR' },
            {
              type: 'String',
              label: 'City',
              defaultValue: 'Paris',
              if: context => context.formValues.Country === 'FR',
            },
            { type: 'String', label: 'State', if: context => context.formValues.Country === 'US' },
            {
              type: 'String',
              label: 'Note',
              value: async context => {
                const [book] = await context.getRecords(['title']);
                const changed = context.hasFieldChanged('Country') ? 'changed' : 'kept';

                return `${String(book?.title)}: country ${changed}`;
              },
            },
            {
              type: 'String',
              label: 'Carrier',
              widget: 'Dropdown',
              search: 'dynamic',
              options: (_context, search) =>
                carriers.filter(
                  name => !search || name.toLowerCase().includes(search.toLowerCase()),
                ),
            },
          ],
          execute: () => {},
        })
        .addAction('Review', {
          scope: 'Bulk',
          form: [
            { type: 'Layout', component: 'HtmlBlock', content: '<p>Hi</p>' },
            {
              type: 'Layout',
              component: 'Row',
              fields: [
                { type: 'String', label: 'First' },
                { type: 'Number', label: 'Second' },
              ],
            },
          ],
          execute: () => {},
        })
        .addAction('Prioritize', {
          scope: 'Bulk',
          form: [
            { type: 'Enum', label: 'Priority', enumValues: ['low', 'high'] },
            { type: 'Enum', label: 'Queue', enumValues: ['a', 'b'], defaultValue: 'b' },
            { type: 'String', label: 'Comment' },
          ],
          execute: () => {},
        }),
  });
});
afterAll(() => fixture.close());
beforeEach(() => fixture.reset());

async function hook(
  path: string,
  attributes: Record<string, unknown>,
  options: { user?: number; query?: Record<string, string> } = {},
) {
  return request(fixture.app)
    .post(`/forest/_actions/books/${path}`)
    .query(options.query ?? { timezone: 'Europe/Paris' })
    .set('Authorization', `Bearer ${await tokenOf(options.user ?? 1)}`)
    .send({ data: { type: 'custom-action-hook-requests', attributes } });
}

const country = (value: string) => ({
  field: 'Country',
  label: 'Country',
  type: 'Enum',
  enums: ['FR', 'US'],
  hook: 'changeHook',
  value,
});
const carrier = (options: string[]) => ({
  field: 'Carrier',
  label: 'Carrier',
  type: 'String',
  widgetEdit: {
    name: 'dropdown',
    parameters: {
      isSearchable: true,
      placeholder: null,
      searchType: 'dynamic',
      static: { options: options.map(name => ({ label: name, value: name })) },
    },
  },
});
const note = (value: string) => ({ field: 'Note', label: 'Note', type: 'String', value });

describe('hooks/load (docs/agent-protocol.md#form-hooks)', () => {
  test('computes the defaults (body values ignored) and drops fields whose if is falsy', async () => {
    const response = await hook('0/ship/hooks/load', { ids: ['1'], values: { Country: 'US' } });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      fields: [
        country('FR'),
        { field: 'City', label: 'City', type: 'String', value: 'Paris' },
        note('Dune: country kept'),
        carrier(carriers),
      ],
      layout: [],
    });
  });

  test('a form with layout elements answers its layout, fields as inputs', async () => {
    const response = await hook('1/review/hooks/load', { ids: ['1', '2'] });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      fields: [
        { field: 'First', label: 'First', type: 'String' },
        { field: 'Second', label: 'Second', type: 'Number' },
      ],
      layout: [
        { component: 'htmlBlock', content: '<p>Hi</p>' },
        {
          component: 'row',
          fields: [
            { component: 'input', fieldId: 'First' },
            { component: 'input', fieldId: 'Second' },
          ],
        },
      ],
    });
  });

  test('an Enum field without a default value is sent with "value": null', async () => {
    const response = await hook('2/prioritize/hooks/load', { ids: ['1'] });

    expect(response.status).toBe(200);
    expect(response.body.fields).toEqual([
      { field: 'Priority', label: 'Priority', value: null, type: 'Enum', enums: ['low', 'high'] },
      { field: 'Queue', label: 'Queue', value: 'b', type: 'Enum', enums: ['a', 'b'] },
      { field: 'Comment', label: 'Comment', type: 'String' },
    ]);
    expect(response.text).toContain('"value":null');
  });

  test('the selection rules apply: a Single action needs ids', async () => {
    const response = await hook('0/ship/hooks/load', {});

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe('Expected array, received: undefined');
  });

  test("the form sees the selection within the caller's scope", async () => {
    fixture.state.rendering = {
      ...fixture.state.rendering,
      collections: { books: { scope: { field: 'authorId', operator: 'Equal', value: 2 } } },
    };
    const inScope = await hook('0/ship/hooks/load', { ids: ['4'] });
    const outOfScope = await hook('0/ship/hooks/load', { ids: ['1'] });

    expect(inScope.body.fields[2]).toEqual(note('Hamlet: country kept'));
    expect(outOfScope.body.fields[2]).toEqual(note('undefined: country kept'));
  });

  test('the timezone is required', async () => {
    const response = await hook('0/ship/hooks/load', { ids: ['1'] }, { query: {} });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe('Missing timezone');
  });
});

describe('hooks/change (docs/agent-protocol.md#form-hooks)', () => {
  test('re-evaluates the form from the current values and the changed field', async () => {
    const response = await hook('0/ship/hooks/change', {
      ids: ['4'],
      changed_field: 'Country',
      fields: [
        country('US'),
        { field: 'City', label: 'City', type: 'String', value: 'Paris' },
        note('Hamlet: country kept'),
        carrier(carriers),
      ],
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      fields: [
        country('US'),
        { field: 'State', label: 'State', type: 'String' },
        note('Hamlet: country changed'),
        carrier(carriers),
      ],
      layout: [],
    });
  });

  test('fields that are not a list are a 400', async () => {
    const response = await hook('0/ship/hooks/change', { ids: ['1'], fields: 'Country' });

    expect(response.status).toBe(400);
  });
});

describe('hooks/search (docs/agent-protocol.md#form-hooks)', () => {
  test('answers only the searched field, with options for the typed text', async () => {
    const response = await hook('0/ship/hooks/search', {
      ids: ['1'],
      search_field: 'Carrier',
      fields: [country('FR'), { ...carrier(carriers), searchValue: 'u' }],
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ fields: [carrier(['UPS'])], layout: [] });
  });

  test('a search without search_field is a 400', async () => {
    const response = await hook('0/ship/hooks/search', { ids: ['1'], fields: [] });

    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toBe('Missing search_field');
  });
});
