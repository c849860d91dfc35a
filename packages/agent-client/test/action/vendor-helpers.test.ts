import { createAgentClient } from '../../src';
import type { ActionFormField, ActionFormLayoutElement } from '../../src';
import { useFakeAgent } from '../helpers/setup';

const path = '/forest/_actions/books/0/refund';
const fields: ActionFormField[] = [
  { field: 'Amount', label: 'Amount', type: 'Number', isRequired: true },
  { field: 'Note', label: 'Note', type: 'String' },
  { field: 'Meta', label: 'Meta', type: 'Json' },
  { field: 'Counts', label: 'Counts', type: ['Number'], value: [1] },
  { field: 'Tags', label: 'Tags', type: ['String'] },
  { field: 'When', label: 'When', type: 'Date' },
  { field: 'Notify', label: 'Notify', type: 'Boolean' },
  { field: 'Size', label: 'Size', type: 'Enum', enums: ['S', 'M'], value: null },
  { field: 'Files', label: 'Files', type: ['File'] },
  {
    field: 'Channels',
    label: 'Channels',
    type: ['String'],
    widgetEdit: {
      name: 'checkboxes',
      parameters: { static: { options: [{ label: 'By mail', value: 'mail' }, 'sms'] } },
    },
  },
  {
    field: 'Carrier',
    label: 'Carrier',
    type: 'String',
    widgetEdit: {
      name: 'dropdown',
      parameters: { static: { options: [{ label: 'La Poste', value: 'laposte' }] } },
    },
  },
  {
    field: 'Speed',
    label: 'Speed',
    type: 'String',
    widgetEdit: {
      name: 'radio button',
      parameters: { static: { options: [{ label: 'Fast', value: 'fast' }] } },
    },
  },
  {
    field: 'Color',
    label: 'Color',
    type: 'String',
    widgetEdit: {
      name: 'color editor',
      parameters: { enableOpacity: true, quickPalette: ['#fff', '#000'] },
    },
  },
];
const pages: ActionFormLayoutElement[] = [
  {
    component: 'page',
    nextButtonLabel: 'Next',
    previousButtonLabel: 'Back',
    elements: [
      { component: 'htmlBlock', content: '<p>Hi</p>' },
      {
        component: 'row',
        fields: [
          { component: 'input', fieldId: 'Amount' },
          { component: 'input', fieldId: 'Note' },
        ],
      },
      { component: 'separator' },
    ],
  },
];

describe("Action: the vendor client's helpers", () => {
  const { agent, client } = useFakeAgent();
  const load = async (layout: ActionFormLayoutElement[] = []) => {
    agent().reply('POST', `${path}/hooks/load`, { json: { fields, layout } });

    return client().collection('books').action('Refund', { recordId: 1 });
  };

  it('typed getters convert the value to their kind', async () => {
    const action = await load();

    await action.getFieldNumber('Amount').fill('12');
    await action.getFieldString('Note').fill(42);
    await action.getFieldJson('Meta').fill({ a: 1 });
    await action.getFieldNumberList('Counts').add(2);
    await action.getFieldStringList('Tags').add('x');
    await action.getDateField('When').fill(Date.UTC(2024, 0, 2));
    await action.getCheckboxField('Notify').check();
    await action.getEnumField('Size').select('M');
    await action.getCheckboxGroupField('Channels').check('By mail');
    await action.getCheckboxGroupField('Channels').check('sms');
    await action.getCheckboxGroupField('Channels').uncheck('sms');
    await action.getDropdownField('Carrier').select('La Poste');
    await action.getRadioGroupField('Speed').check('Fast');
    await action.getColorPickerField('Color').fill('#fff');

    expect(action.getValues()).toEqual({
      Amount: 12,
      Note: '42',
      Meta: { a: 1 },
      Counts: [1, 2],
      Tags: ['x'],
      When: '2024-01-02T00:00:00.000Z',
      Notify: true,
      Size: 'M',
      Channels: ['mail'],
      Carrier: 'laposte',
      Speed: 'fast',
      Color: '#fff',
    });
  });

  it('helpers read the field: name, type name, value, required, options, palette', async () => {
    const action = await load();

    expect(action.getFieldNumber('Amount').getName()).toBe('Amount');
    expect(action.getFieldNumber('Amount').isRequired()).toBe(true);
    expect(action.getField('Files').getTypeName()).toBe('FileList');
    expect(action.getEnumField('Size').getOptions()).toEqual(['S', 'M']);
    expect(action.getEnumField('Size').getValue()).toBeNull();
    expect(action.getDropdownField('Carrier').getOptions()).toEqual([
      { label: 'La Poste', value: 'laposte' },
    ]);
    expect(await action.getRadioGroupField('Speed').getOptions()).toEqual([
      { label: 'Fast', value: 'fast' },
    ]);
    expect(action.getColorPickerField('Color').isOpacityEnable()).toBe(true);
    expect(action.getColorPickerField('Color').getQuickPalette()).toEqual(['#fff', '#000']);
    expect(action.getFieldString('Note').getPlainField()).toEqual(fields[1]);
  });

  it('helpers throw the vendor messages', async () => {
    const action = await load();

    await expect(action.getEnumField('Size').select('XL')).rejects.toThrow(
      'Option "XL" not found in field "Size"',
    );
    await expect(action.getDropdownField('Carrier').select('UPS')).rejects.toThrow(
      'Option "UPS" not found in field "Carrier"',
    );
    await expect(action.getFieldNumberList('Counts').remove(9)).rejects.toThrow(
      'Value 9 is not in the list',
    );
    await expect(action.setFields({ Nope: 1 })).rejects.toMatchObject({
      name: 'UnknownActionFieldError',
      message: 'Field "Nope" does not exist in this form',
    });
  });

  it('doesFieldExist and tryToSetFields skip unknown names', async () => {
    const action = await load();

    expect(action.doesFieldExist('Amount')).toBe(true);
    expect(action.doesFieldExist('Nope')).toBe(false);
    await expect(action.tryToSetFields({ Amount: 3, Nope: 1 })).resolves.toEqual(['Nope']);
    expect(action.getValues()).toMatchObject({ Amount: 3 });
  });

  it('getLayout() is the layout array, navigable by page and element', async () => {
    const action = await load(pages);
    const layout = action.getLayout();
    const page = layout.page(0);

    expect(layout).toEqual(pages);
    expect(page.nextButtonLabel).toBe('Next');
    expect(page.previousButtonLabel).toBe('Back');
    expect(page.element(0).isHTMLBlock()).toBe(true);
    expect(page.element(0).getHtmlBlockContent()).toBe('<p>Hi</p>');
    expect(page.element(1).isRow()).toBe(true);
    expect(page.element(1).rowElement(1).getInputId()).toBe('Note');
    expect(page.element(2).isSeparator()).toBe(true);
    expect(() => page.element(3)).toThrow('Element 3 not found');
    expect(() => page.element(0).getInputId()).toThrow(
      "This is not an input, it's a htmlBlock element",
    );
    expect(() => layout.element(0)).toThrow("This is not an element, it's a page element");
  });

  it('element(i) reads a form without pages', async () => {
    const action = await load([{ component: 'input', fieldId: 'Amount' }]);

    expect(action.getLayout().element(0).isInput()).toBe(true);
    expect(action.getLayout().element(0).getInputId()).toBe('Amount');
    expect(() => action.getLayout().page(0)).toThrow("This is not a page, it's a input element");
  });

  it('reads a 404 on hooks/load as an empty form, unless the schema declares a load hook', async () => {
    const withHooks = (load: boolean) =>
      createAgentClient({
        url: agent().url,
        authSecret: 'secret',
        schema: {
          collections: [
            {
              name: 'books',
              fields: [],
              actions: [{ id: 'a', name: 'Archive', endpoint: path, hooks: { load } }],
            },
          ],
        },
      });
    agent().reply('POST', `${path}/hooks/load`, { status: 404, json: { errors: [] } });

    const action = await withHooks(false).collection('books').action('Archive');

    expect(action.getFields()).toEqual([]);
    await expect(withHooks(true).collection('books').action('Archive')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('names an unknown collection or action', async () => {
    await expect(client().collection('nope').action('Refund')).rejects.toThrow(
      'Collection nope not found in schema',
    );
    await expect(client().collection('books').action('Nope')).rejects.toThrow(
      'Action Nope not found in collection books',
    );
  });
});
