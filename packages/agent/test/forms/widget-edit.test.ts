import type { ActionField } from '@grove/datasource-toolkit';
import { buildWidgetEdit } from '../../src/forms/widget-edit';

function field(overrides: Partial<ActionField>): ActionField {
  return { type: 'String', label: 'F', id: 'F', watchChanges: false, ...overrides };
}

const options = [
  { label: 'One', value: 1 },
  { label: 'Two', value: 2 },
];

describe('buildWidgetEdit', () => {
  it.each<[string, Partial<ActionField>, unknown]>([
    [
      'a bare Dropdown',
      { widget: 'Dropdown' },
      {
        name: 'dropdown',
        parameters: {
          static: { options: [] },
          isSearchable: false,
          searchType: null,
          placeholder: null,
        },
      },
    ],
    [
      'a Dropdown with dynamic search',
      { widget: 'Dropdown', options, search: 'dynamic', placeholder: 'Pick one' },
      {
        name: 'dropdown',
        parameters: {
          static: { options },
          isSearchable: true,
          searchType: 'dynamic',
          placeholder: 'Pick one',
        },
      },
    ],
    [
      'a Dropdown with static search',
      { widget: 'Dropdown', options, search: 'static' },
      {
        name: 'dropdown',
        parameters: {
          static: { options },
          isSearchable: true,
          searchType: null,
          placeholder: null,
        },
      },
    ],
    [
      'a RadioGroup',
      { widget: 'RadioGroup', options },
      { name: 'radio button', parameters: { static: { options } } },
    ],
    [
      'a CheckboxGroup',
      { widget: 'CheckboxGroup', options },
      { name: 'checkboxes', parameters: { static: { options } } },
    ],
    [
      'a Checkbox',
      { type: 'Boolean', widget: 'Checkbox' },
      { name: 'boolean editor', parameters: {} },
    ],
    [
      'a bare TextInput',
      { widget: 'TextInput' },
      { name: 'text editor', parameters: { placeholder: null } },
    ],
    [
      'a TextInput',
      { widget: 'TextInput', placeholder: 'Name' },
      { name: 'text editor', parameters: { placeholder: 'Name' } },
    ],
    [
      'a bare TextArea',
      { widget: 'TextArea' },
      { name: 'text area editor', parameters: { placeholder: null, rows: null } },
    ],
    [
      'a TextArea',
      { widget: 'TextArea', placeholder: 'Notes', widgetOptions: { rows: 4 } },
      { name: 'text area editor', parameters: { placeholder: 'Notes', rows: 4 } },
    ],
    [
      'a TextArea with a fractional row count',
      { widget: 'TextArea', widgetOptions: { rows: 2.6 } },
      { name: 'text area editor', parameters: { placeholder: null, rows: 3 } },
    ],
    [
      'a TextArea with a non-positive row count',
      { widget: 'TextArea', widgetOptions: { rows: 0 } },
      { name: 'text area editor', parameters: { placeholder: null, rows: null } },
    ],
    [
      'a RichText',
      { widget: 'RichText', placeholder: 'Body' },
      { name: 'rich text', parameters: { placeholder: 'Body' } },
    ],
    [
      'a bare DatePicker',
      { type: 'Date', widget: 'DatePicker' },
      {
        name: 'date editor',
        parameters: { format: null, placeholder: null, minDate: null, maxDate: null },
      },
    ],
    [
      'a DatePicker',
      {
        type: 'Date',
        widget: 'DatePicker',
        placeholder: 'When',
        widgetOptions: {
          format: 'DD/MM/YYYY',
          minDate: new Date('2024-01-01T00:00:00Z'),
          maxDate: '2024-12-31',
        },
      },
      {
        name: 'date editor',
        parameters: {
          format: 'DD/MM/YYYY',
          placeholder: 'When',
          minDate: '2024-01-01T00:00:00.000Z',
          maxDate: '2024-12-31',
        },
      },
    ],
    [
      'a TimePicker',
      { type: 'Time', widget: 'TimePicker' },
      { name: 'time editor', parameters: {} },
    ],
    [
      'a bare NumberInput',
      { type: 'Number', widget: 'NumberInput' },
      { name: 'number input', parameters: { placeholder: null, min: null, max: null, step: null } },
    ],
    [
      'a NumberInput',
      {
        type: 'Number',
        widget: 'NumberInput',
        placeholder: 'Qty',
        widgetOptions: { min: 0, max: 10, step: 2 },
      },
      { name: 'number input', parameters: { placeholder: 'Qty', min: 0, max: 10, step: 2 } },
    ],
    [
      'a bare CurrencyInput',
      { type: 'Number', widget: 'CurrencyInput' },
      {
        name: 'price editor',
        parameters: {
          placeholder: null,
          min: null,
          max: null,
          step: null,
          currency: null,
          base: 'Unit',
        },
      },
    ],
    [
      'a CurrencyInput',
      {
        type: 'Number',
        widget: 'CurrencyInput',
        widgetOptions: { currency: 'eur', base: 'Cent', min: 1, max: 5, step: 1 },
      },
      {
        name: 'price editor',
        parameters: { placeholder: null, min: 1, max: 5, step: 1, currency: 'EUR', base: 'Cents' },
      },
    ],
    [
      'a CurrencyInput with an invalid currency',
      { type: 'Number', widget: 'CurrencyInput', widgetOptions: { currency: 'EURO' } },
      {
        name: 'price editor',
        parameters: {
          placeholder: null,
          min: null,
          max: null,
          step: null,
          currency: null,
          base: 'Unit',
        },
      },
    ],
    [
      'a bare ColorPicker',
      { widget: 'ColorPicker' },
      {
        name: 'color editor',
        parameters: { placeholder: null, enableOpacity: false, quickPalette: null },
      },
    ],
    [
      'a ColorPicker',
      {
        widget: 'ColorPicker',
        placeholder: '#000',
        widgetOptions: { enableOpacity: true, quickPalette: ['#fff', '#000'] },
      },
      {
        name: 'color editor',
        parameters: { placeholder: '#000', enableOpacity: true, quickPalette: ['#fff', '#000'] },
      },
    ],
    [
      'a bare TextInputList',
      { type: 'StringList', widget: 'TextInputList' },
      {
        name: 'input array',
        parameters: {
          placeholder: null,
          allowDuplicate: false,
          allowEmptyValue: false,
          enableReorder: true,
        },
      },
    ],
    [
      'a TextInputList',
      {
        type: 'StringList',
        widget: 'TextInputList',
        placeholder: 'Tag',
        widgetOptions: { allowDuplicates: true, allowEmptyValues: true, enableReorder: false },
      },
      {
        name: 'input array',
        parameters: {
          placeholder: 'Tag',
          allowDuplicate: true,
          allowEmptyValue: true,
          enableReorder: false,
        },
      },
    ],
    [
      'a bare NumberInputList',
      { type: 'NumberList', widget: 'NumberInputList' },
      {
        name: 'input array',
        parameters: {
          placeholder: null,
          allowDuplicate: false,
          enableReorder: true,
          min: null,
          max: null,
          step: null,
        },
      },
    ],
    [
      'a NumberInputList',
      {
        type: 'NumberList',
        widget: 'NumberInputList',
        widgetOptions: { allowDuplicates: true, enableReorder: false, min: 1, max: 9, step: 0.5 },
      },
      {
        name: 'input array',
        parameters: {
          placeholder: null,
          allowDuplicate: true,
          enableReorder: false,
          min: 1,
          max: 9,
          step: 0.5,
        },
      },
    ],
    [
      'a UserDropdown',
      { widget: 'UserDropdown', placeholder: 'Who' },
      { name: 'assignee editor', parameters: { placeholder: 'Who' } },
    ],
    [
      'a JsonEditor',
      { type: 'Json', widget: 'JsonEditor' },
      { name: 'json code editor', parameters: {} },
    ],
    [
      'a bare FilePicker',
      { type: 'File', widget: 'FilePicker' },
      {
        name: 'file picker',
        parameters: {
          prefix: null,
          filesExtensions: null,
          filesSizeLimit: null,
          filesCountLimit: null,
        },
      },
    ],
    [
      'a FilePicker',
      {
        type: 'FileList',
        widget: 'FilePicker',
        widgetOptions: { extensions: ['.png'], maxSizeMb: 2, maxCount: 3 },
      },
      {
        name: 'file picker',
        parameters: {
          prefix: null,
          filesExtensions: ['.png'],
          filesSizeLimit: 2,
          filesCountLimit: 3,
        },
      },
    ],
    [
      'an AddressAutocomplete',
      { widget: 'AddressAutocomplete' },
      { name: 'address editor', parameters: { placeholder: null } },
    ],
  ])('maps %s', (_name, overrides, expected) => {
    expect(buildWidgetEdit(field(overrides))).toEqual(expected);
  });

  it.each(['Collection', 'Enum', 'EnumList'] as const)(
    'gives no widgetEdit to a %s field',
    type => {
      expect(buildWidgetEdit(field({ type, widget: 'Dropdown', options }))).toBeUndefined();
    },
  );

  it('gives no widgetEdit to a field without widget', () => {
    expect(buildWidgetEdit(field({ placeholder: 'x' }))).toBeUndefined();
  });

  it('gives no widgetEdit to an unknown widget', () => {
    expect(buildWidgetEdit(field({ widget: 'Slider' }))).toBeUndefined();
  });
});
