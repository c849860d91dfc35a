import type { ActionFieldType, ActionLayoutElement } from '@grove/datasource-toolkit';

/** A form element as the layer handles it at run time: an open record of properties. */
export type FormElementRecord = Record<string, unknown>;

/** The fourteen field types, keyed so that a new one fails to compile here. */
const fieldTypeSet: Record<ActionFieldType, true> = {
  Boolean: true,
  Collection: true,
  Date: true,
  Dateonly: true,
  Time: true,
  Enum: true,
  EnumList: true,
  File: true,
  FileList: true,
  Json: true,
  Number: true,
  NumberList: true,
  String: true,
  StringList: true,
};

const layoutComponentSet: Record<ActionLayoutElement['component'], true> = {
  Separator: true,
  HtmlBlock: true,
  Row: true,
  Page: true,
};

/** Every field type, in documentation order. */
export const actionFieldTypes = Object.keys(fieldTypeSet) as ActionFieldType[];

/** Every layout component. */
export const layoutComponents = Object.keys(layoutComponentSet) as Array<
  ActionLayoutElement['component']
>;

/** Tells whether an element is a field (as opposed to a layout element). */
export function isFormField(element: FormElementRecord): boolean {
  return typeof element.type === 'string' && element.type in fieldTypeSet;
}

/** Tells whether an element is a layout element of the given component (any when omitted). */
export function isLayout(
  element: FormElementRecord,
  component?: ActionLayoutElement['component'],
): boolean {
  return element.type === 'Layout' && (component === undefined || element.component === component);
}

/** The children of a Row (`fields`) or a Page (`elements`); none for other elements. */
export function childrenOf(element: FormElementRecord): FormElementRecord[] | null {
  if (isLayout(element, 'Row')) return element.fields as FormElementRecord[];
  if (isLayout(element, 'Page')) return element.elements as FormElementRecord[];

  return null;
}

/** The key of a field in `formValues`: its id, else its label. */
export function fieldIdOf(field: FormElementRecord): string {
  return (typeof field.id === 'string' ? field.id : field.label) as string;
}

/** Every field of a form, inside Rows and Pages too, in display order. */
export function collectFields(elements: readonly FormElementRecord[]): FormElementRecord[] {
  return elements.flatMap(element => {
    if (isFormField(element)) return [element];

    return collectFields(childrenOf(element) ?? []);
  });
}
