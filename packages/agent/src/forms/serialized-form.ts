/**
 * The `type` of a serialized form field: a name, or a one-element list for list fields.
 *
 * @example
 * ```ts
 * const tags: SerializedFieldType = ['String'];
 * ```
 */
export type SerializedFieldType = string | [string];

/**
 * The editor of a form field and its parameters (docs/agent-protocol.md#form-fields).
 *
 * @example
 * ```ts
 * const widget: SerializedWidgetEdit = { name: 'text editor', parameters: { placeholder: null } };
 * ```
 */
export interface SerializedWidgetEdit {
  name: string;
  parameters: Record<string, unknown>;
}

/**
 * A form field as the frontend reads it (docs/agent-protocol.md#form-fields): in hook answers it
 * carries `value`, in the static forms of the schema `defaultValue`. Keys are omitted when
 * undefined.
 *
 * @example
 * ```ts
 * const field: SerializedField = { field: 'Reason', label: 'Reason', isRequired: true,
 *   value: 'typo', hook: 'changeHook', type: 'String' };
 * ```
 */
export interface SerializedField {
  field: string;
  label: string;
  description?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
  value?: unknown;
  defaultValue?: unknown;
  hook?: 'changeHook' | null;
  type: SerializedFieldType;
  reference?: string | null;
  enums?: string[] | null;
  widgetEdit?: SerializedWidgetEdit | null;
}

/**
 * A field placed in a layout.
 *
 * @example
 * ```ts
 * const input: SerializedInputElement = { component: 'input', fieldId: 'Reason' };
 * ```
 */
export interface SerializedInputElement {
  component: 'input';
  fieldId: string;
}

/**
 * A layout element of a form (docs/agent-protocol.md#form-fields): fields as `input`s, separators,
 * HTML blocks, rows of inputs and pages.
 *
 * @example
 * ```ts
 * const page: SerializedLayoutElement = { component: 'page', nextButtonLabel: 'Next',
 *   elements: [{ component: 'htmlBlock', content: '<p>Step 1</p>' }] };
 * ```
 */
export type SerializedLayoutElement =
  | SerializedInputElement
  | { component: 'separator' }
  | { component: 'htmlBlock'; content: string }
  | { component: 'row'; fields: SerializedInputElement[] }
  | {
      component: 'page';
      nextButtonLabel?: string;
      previousButtonLabel?: string;
      elements: SerializedLayoutElement[];
    };

/**
 * A serialized form: every field in display order, and the layout (`[]` unless the form has
 * layout elements).
 *
 * @example
 * ```ts
 * const form: SerializedForm = { fields: [{ field: 'Reason', label: 'Reason', type: 'String' }],
 *   layout: [] };
 * ```
 */
export interface SerializedForm {
  fields: SerializedField[];
  layout: SerializedLayoutElement[];
}
