import type {
  ActionField,
  ActionFormElement,
  ActionLayoutElement,
  DataSource,
} from '@grove/datasource-toolkit';
import { serializeField, type SerializeFormOptions } from './serialize-field';
import type {
  SerializedField,
  SerializedForm,
  SerializedInputElement,
  SerializedLayoutElement,
} from './serialized-form';

/**
 * Serializes an evaluated action form for the frontend (docs/agent-protocol.md#form-fields): every
 * field, inside rows and pages too, in display order; and, only when the form has layout elements,
 * the layout, where each field appears as an `input` element in its position.
 *
 * @param elements - The form returned by `collection.getForm`.
 * @param dataSource - Resolves the targets of Collection fields.
 * @param options - `forSchema: true` writes values as `defaultValue` (static forms of the schema).
 * @example
 * ```ts
 * const form = await collection.getForm(caller, 'Reject', formValues, filter);
 * response.json(serializeForm(form, dataSource)); // { fields: [...], layout: [] }
 * ```
 */
export function serializeForm(
  elements: readonly ActionFormElement[],
  dataSource: DataSource,
  options: SerializeFormOptions = {},
): SerializedForm {
  const fields: SerializedField[] = [];
  const input = (field: ActionField): SerializedInputElement => {
    fields.push(serializeField(field, dataSource, options));

    return { component: 'input', fieldId: field.id };
  };
  const toLayout = (element: ActionFormElement): SerializedLayoutElement =>
    isLayout(element) ? layoutOf(element, input, toLayout) : input(element);

  const layout = elements.map(toLayout);

  return { fields, layout: elements.some(isLayout) ? layout : [] };
}

function layoutOf(
  element: ActionLayoutElement,
  input: (field: ActionField) => SerializedInputElement,
  toLayout: (element: ActionFormElement) => SerializedLayoutElement,
): SerializedLayoutElement {
  switch (element.component) {
    case 'Separator':
      return { component: 'separator' };
    case 'HtmlBlock':
      return { component: 'htmlBlock', content: element.content ?? '' };
    case 'Row':
      return { component: 'row', fields: (element.fields ?? []).map(input) };
    case 'Page':
      return {
        component: 'page',
        ...(element.nextButtonLabel === undefined
          ? {}
          : { nextButtonLabel: element.nextButtonLabel }),
        ...(element.previousButtonLabel === undefined
          ? {}
          : { previousButtonLabel: element.previousButtonLabel }),
        elements: (element.elements ?? []).map(toLayout),
      };
  }
}

function isLayout(element: ActionFormElement): element is ActionLayoutElement {
  return element.type === 'Layout';
}
