import { createAgentClient } from '../../src';
import type { ActionFormField } from '../../src';
import { useFakeAgent } from '../helpers/setup';

const path = '/forest/_actions/books/0/refund';
const form: ActionFormField[] = [
  {
    field: 'Country',
    label: 'Country',
    type: 'Enum',
    enums: ['FR', 'US'],
    value: null,
    hook: 'changeHook',
  },
  { field: 'Amount', label: 'Amount', type: 'Number', value: 5, isRequired: true },
  {
    field: 'Carrier',
    label: 'Carrier',
    type: 'String',
    widgetEdit: {
      name: 'dropdown',
      parameters: {
        static: { options: [{ label: 'La Poste', value: 'laposte' }] },
        searchType: 'dynamic',
      },
    },
  },
  { field: 'Notify', label: 'Notify', type: 'Boolean', value: false },
  {
    field: 'Tags',
    label: 'Tags',
    type: ['String'],
    value: ['a'],
    widgetEdit: { name: 'checkboxes', parameters: { static: { options: ['a', 'b'] } } },
  },
  { field: 'When', label: 'When', type: 'Dateonly' },
];

describe('Action', () => {
  const { agent, client } = useFakeAgent();
  const loadForm = (): void => {
    agent().reply('POST', `${path}/hooks/load`, { json: { fields: form, layout: [] } });
  };

  describe('form', () => {
    it('loads the form with hooks/load on the selected record', async () => {
      loadForm();

      const action = await client().collection('books').action('Refund', { recordId: 12 });

      expect(agent().last.query).toEqual({ timezone: 'UTC' });
      expect(agent().last.body).toEqual({
        data: {
          type: 'action-requests',
          attributes: {
            collection_name: 'books',
            ids: ['12'],
            all_records: false,
            all_records_ids_excluded: [],
            values: {},
          },
        },
      });
      expect(action.getFields()).toEqual(form);
      expect(action.getLayout()).toEqual([]);
      expect(action.getField('Amount').getValue()).toBe(5);
      expect(action.getField('Amount').isRequired()).toBe(true);
    });

    it('builds a static form from the schema without a request', async () => {
      const action = await client()
        .collection('books')
        .action('Mark as live', { recordIds: [1, 2] });

      expect(agent().requests).toHaveLength(0);
      expect(action.getFields()).toEqual([
        { field: 'Note', label: 'Note', type: 'String', value: 'ok' },
      ]);
    });

    it('needs the schema or an endpoint, and a known action', async () => {
      const bare = createAgentClient({ url: agent().url, authSecret: 's' });

      await expect(bare.collection('books').action('Refund')).rejects.toThrow(
        'Cannot find the endpoint of action "Refund"',
      );
      await expect(client().collection('books').action('Nope')).rejects.toThrow(
        'Action Nope not found in collection books',
      );
    });

    it('uses an explicit endpoint and the parent of a related-data view', async () => {
      agent().reply('POST', '/forest/_actions/books/3/x/hooks/load', {
        json: { fields: [], layout: [] },
      });
      const bare = createAgentClient({ url: agent().url, authSecret: 's' });

      await bare.collection('books').action('X', {
        endpoint: '/forest/_actions/books/3/x',
        recordIds: [1],
        parent: { collection: 'persons', id: 3, relation: 'books' },
      });

      expect(agent().last.body).toMatchObject({
        data: {
          attributes: {
            parent_collection_name: 'persons',
            parent_collection_id: '3',
            parent_association_name: 'books',
          },
        },
      });
    });

    it('sets a field without hook locally and one with a change hook through hooks/change', async () => {
      loadForm();
      const refreshed = [
        { ...form[0], value: 'FR' } as ActionFormField,
        { field: 'City', type: 'String' },
      ];
      agent().reply('POST', `${path}/hooks/change`, { json: { fields: refreshed, layout: [] } });
      const action = await client().collection('books').action('Refund', { recordId: 12 });

      await action.setFields({ Amount: 7 });
      expect(agent().requests).toHaveLength(1);
      expect(action.getValues()).toMatchObject({ Amount: 7 });

      await action.setFields({ Country: 'FR' });
      expect(agent().last.body).toEqual({
        data: {
          type: 'custom-action-hook-requests',
          attributes: {
            collection_name: 'books',
            ids: ['12'],
            all_records: false,
            all_records_ids_excluded: [],
            changed_field: 'Country',
            fields: [{ ...form[0], value: 'FR' }, { ...form[1], value: 7 }, ...form.slice(2)],
          },
        },
      });
      expect(action.getFields()).toEqual(refreshed);
      expect(action.hasField('Amount')).toBe(false);
    });

    it('throws for unknown fields', async () => {
      loadForm();
      const action = await client().collection('books').action('Refund', { recordId: 12 });

      await expect(action.setFields({ Nope: 1 })).rejects.toThrow(
        'Field "Nope" does not exist in this form',
      );
      expect(() => action.getField('Nope')).toThrow('Field "Nope" does not exist in this form');
    });

    it('runs a dynamic search with hooks/search and keeps the options found', async () => {
      loadForm();
      const found = {
        ...form[2],
        widgetEdit: {
          name: 'dropdown',
          parameters: { static: { options: [{ label: 'UPS', value: 'ups' }] } },
        },
      };
      agent().reply('POST', `${path}/hooks/search`, { json: { fields: [found], layout: [] } });
      const action = await client().collection('books').action('Refund', { recordId: 12 });

      const options = await action.getField('Carrier').search('up');

      expect(options).toEqual([{ label: 'UPS', value: 'ups' }]);
      expect(agent().last.body).toMatchObject({
        data: {
          type: 'custom-action-hook-requests',
          attributes: { search_field: 'Carrier', ids: ['12'] },
        },
      });
      const sent = (agent().last.body as { data: { attributes: { fields: ActionFormField[] } } })
        .data.attributes.fields;
      expect(sent.find(f => f.field === 'Carrier')?.searchValue).toBe('up');
      await action.getField('Carrier').select('UPS');
      expect(action.getValues().Carrier).toBe('ups');
    });
  });

  describe('field helpers', () => {
    it('fill, check, select, add and remove values by field type', async () => {
      loadForm();
      agent().reply('POST', `${path}/hooks/change`, request => {
        const { fields } = (request.body as { data: { attributes: { fields: ActionFormField[] } } })
          .data.attributes;

        return { json: { fields, layout: [] } };
      });
      const action = await client().collection('books').action('Refund', { recordId: 12 });

      await action.getField('Amount').fill('12.5');
      await action.getField('Notify').check();
      await action.getField('Country').select('US');
      await action.getField('Tags').check('b');
      await action.getField('Tags').uncheck('a');
      await action.getField('When').fill(new Date('2024-05-02T08:30:00Z'));

      expect(action.getValues()).toEqual({
        Country: 'US',
        Amount: 12.5,
        Notify: true,
        Tags: ['b'],
        When: '2024-05-02',
      });
      expect(action.getField('Tags').getType()).toBe('StringList');
      expect(action.getField('Country').getOptions()).toEqual([
        { label: 'FR', value: 'FR' },
        { label: 'US', value: 'US' },
      ]);
      await expect(action.getField('Country').select('DE')).rejects.toThrow(
        'Option "DE" not found in field "Country"',
      );
      await expect(action.getField('Tags').remove('z')).rejects.toThrow(
        'Value z is not in the list',
      );
    });

    it('encodes files as data URIs', async () => {
      agent().reply('POST', `${path}/hooks/load`, {
        json: { fields: [{ field: 'Proof', type: 'File' }], layout: [] },
      });
      const action = await client().collection('books').action('Refund', { recordId: 12 });

      await action
        .getField('Proof')
        .setValue({ buffer: Buffer.from('hi'), mimeType: 'text/plain', name: 'a b.txt' });

      expect(action.getValues()).toEqual({ Proof: 'data:text/plain;name=a%20b.txt;base64,aGk=' });
    });
  });
});
