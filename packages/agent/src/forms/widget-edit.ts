import type { ActionFieldWidget } from '@grove/datasource-customizer';
import type { ActionField } from '@grove/datasource-toolkit';
import type { SerializedWidgetEdit } from './serialized-form';

type Builder = (field: ActionField) => SerializedWidgetEdit;

// Keyed by the customizer's widget union: a new widget fails to compile until it is mapped.
const builders: Record<ActionFieldWidget, Builder> = {
  Dropdown: field => ({
    name: 'dropdown',
    parameters: {
      static: { options: options(field) },
      isSearchable: field.search === 'static' || field.search === 'dynamic',
      searchType: field.search === 'dynamic' ? 'dynamic' : null,
      placeholder: placeholder(field),
    },
  }),
  RadioGroup: field => ({
    name: 'radio button',
    parameters: { static: { options: options(field) } },
  }),
  CheckboxGroup: field => ({
    name: 'checkboxes',
    parameters: { static: { options: options(field) } },
  }),
  Checkbox: () => ({ name: 'boolean editor', parameters: {} }),
  TextInput: field => ({ name: 'text editor', parameters: { placeholder: placeholder(field) } }),
  TextArea: field => ({
    name: 'text area editor',
    parameters: { placeholder: placeholder(field), rows: positiveInteger(option(field, 'rows')) },
  }),
  RichText: field => ({ name: 'rich text', parameters: { placeholder: placeholder(field) } }),
  DatePicker: field => ({
    name: 'date editor',
    parameters: {
      format: text(option(field, 'format')),
      placeholder: placeholder(field),
      minDate: isoDate(option(field, 'minDate')),
      maxDate: isoDate(option(field, 'maxDate')),
    },
  }),
  TimePicker: () => ({ name: 'time editor', parameters: {} }),
  NumberInput: field => ({
    name: 'number input',
    parameters: { placeholder: placeholder(field), ...bounds(field) },
  }),
  CurrencyInput: field => {
    const currency = option(field, 'currency');
    const base = option(field, 'base');

    return {
      name: 'price editor',
      parameters: {
        placeholder: placeholder(field),
        ...bounds(field),
        currency:
          typeof currency === 'string' && /^[a-z]{3}$/i.test(currency)
            ? currency.toUpperCase()
            : null,
        // The customizer spells the unit `Cent`; the frontend expects `Cents`.
        base: typeof base === 'string' && /^cents?$/i.test(base) ? 'Cents' : 'Unit',
      },
    };
  },
  ColorPicker: field => {
    const palette = option(field, 'quickPalette');

    return {
      name: 'color editor',
      parameters: {
        placeholder: placeholder(field),
        enableOpacity: option(field, 'enableOpacity') === true,
        quickPalette: Array.isArray(palette) && palette.length > 0 ? [...palette] : null,
      },
    };
  },
  TextInputList: field => ({
    name: 'input array',
    parameters: {
      placeholder: placeholder(field),
      allowDuplicate: option(field, 'allowDuplicates') === true,
      allowEmptyValue: option(field, 'allowEmptyValues') === true,
      enableReorder: option(field, 'enableReorder') !== false,
    },
  }),
  NumberInputList: field => ({
    name: 'input array',
    parameters: {
      placeholder: placeholder(field),
      allowDuplicate: option(field, 'allowDuplicates') === true,
      enableReorder: option(field, 'enableReorder') !== false,
      ...bounds(field),
    },
  }),
  UserDropdown: field => ({
    name: 'assignee editor',
    parameters: { placeholder: placeholder(field) },
  }),
  JsonEditor: () => ({ name: 'json code editor', parameters: {} }),
  FilePicker: field => {
    const extensions = option(field, 'extensions');

    return {
      name: 'file picker',
      parameters: {
        prefix: null,
        filesExtensions: Array.isArray(extensions) ? [...extensions] : null,
        filesSizeLimit: finite(option(field, 'maxSizeMb')),
        filesCountLimit: finite(option(field, 'maxCount')),
      },
    };
  },
  AddressAutocomplete: field => ({
    name: 'address editor',
    parameters: { placeholder: placeholder(field) },
  }),
};

/**
 * The `widgetEdit` of a form field (docs/agent-protocol.md#form-fields), or `undefined` when the
 * field has no (known) widget or is a Collection, Enum or EnumList field. Missing optional
 * parameters are `null`.
 *
 * @param field - A field evaluated by `getForm` (widget parameters are in `widgetOptions`).
 * @example
 * ```ts
 * buildWidgetEdit({ type: 'String', label: 'Bio', id: 'Bio', watchChanges: false,
 *   widget: 'TextArea', widgetOptions: { rows: 4 } });
 * // { name: 'text area editor', parameters: { placeholder: null, rows: 4 } }
 * ```
 */
export function buildWidgetEdit(field: ActionField): SerializedWidgetEdit | undefined {
  if (['Collection', 'Enum', 'EnumList'].includes(field.type)) return undefined;
  if (field.widget === undefined || !Object.hasOwn(builders, field.widget)) return undefined;

  return builders[field.widget as ActionFieldWidget](field);
}

function option(field: ActionField, key: string): unknown {
  return field.widgetOptions?.[key];
}

function options(field: ActionField): unknown[] {
  return (field.options ?? []).map(({ label, value }) => ({ label, value }));
}

function placeholder(field: ActionField): string | null {
  return text(field.placeholder);
}

function bounds(field: ActionField): Record<'min' | 'max' | 'step', number | null> {
  return {
    min: finite(option(field, 'min')),
    max: finite(option(field, 'max')),
    step: finite(option(field, 'step')),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function positiveInteger(value: unknown): number | null {
  const rounded = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0;

  return rounded > 0 ? rounded : null;
}

function isoDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();

  return typeof value === 'string' ? value : null;
}
