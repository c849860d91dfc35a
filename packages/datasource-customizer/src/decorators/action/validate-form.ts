import { ValidationError } from '@grove/datasource-toolkit';
import {
  actionFieldTypes,
  isFormField,
  isLayout,
  layoutComponents,
  type FormElementRecord,
} from './form-element-kinds';

/**
 * Checks the shape of a form (the static form at registration, a form function's result at each
 * evaluation): known field types and layout components, labels, Rows of fields, Pages not nested,
 * and pages all-or-nothing at the top level.
 *
 * @example
 * ```ts
 * validateForm([{ type: 'Text', label: 'A' }], 'Reject', 'books');
 * // throws: Invalid form element in action 'Reject' of collection 'books': expected a field type (Boolean, …) or 'Layout', got {"type":"Text","label":"A"}.
 * ```
 */
export function validateForm(form: unknown, actionName: string, collectionName: string): void {
  const where = `action '${actionName}' of collection '${collectionName}'`;
  if (!Array.isArray(form)) {
    throw new ValidationError(
      `The form of ${where} must be a list of elements or a function returning one.`,
    );
  }

  const pages = form.filter(element => isRecord(element) && isLayout(element, 'Page')).length;
  if (pages > 0 && pages !== form.length) {
    throw new ValidationError(
      `You cannot mix pages and other form elements in an action form. Action triggering this error: '${actionName}'`,
    );
  }

  for (const element of form) validateElement(element, where, 'top');
}

function validateElement(element: unknown, where: string, parent: 'top' | 'Row' | 'Page'): void {
  if (!isRecord(element) || (!isFormField(element) && !isLayout(element))) {
    throw new ValidationError(
      `Invalid form element in ${where}: expected a field type (${actionFieldTypes.join(', ')}) ` +
        `or 'Layout', got ${describe(element)}.`,
    );
  }

  if (isFormField(element)) {
    if (typeof element.label !== 'string' || element.label === '') {
      throw new ValidationError(
        `A field of the form of ${where} has no label: ${describe(element)}.`,
      );
    }
    if (element.id !== undefined && (typeof element.id !== 'string' || element.id === '')) {
      throw new ValidationError(
        `The id of field '${element.label}' in the form of ${where} must be a non-empty string.`,
      );
    }
    const required = requiredProperties[element.type as string];
    if (required && element[required] === undefined) {
      throw new ValidationError(
        `The ${String(element.type)} field '${element.label}' in the form of ${where} needs '${required}'.`,
      );
    }

    return;
  }

  const component = element.component as string;
  if (!(layoutComponents as string[]).includes(component)) {
    throw new ValidationError(
      `Invalid layout component '${String(component)}' in the form of ${where}: expected ` +
        `${layoutComponents.join(', ')}.`,
    );
  }
  if (parent === 'Row') {
    throw new ValidationError(`A Row of the form of ${where} must contain fields only.`);
  }
  if (component === 'Page' && parent === 'Page') {
    throw new ValidationError(`A Page of the form of ${where} cannot contain pages.`);
  }
  if (component === 'Row' || component === 'Page') {
    const key = component === 'Row' ? 'fields' : 'elements';
    const children = element[key];
    if (!Array.isArray(children)) {
      throw new ValidationError(`A ${component} of the form of ${where} needs a '${key}' list.`);
    }
    for (const child of children) validateElement(child, where, component);
  }
}

// Properties without which a field type cannot be displayed.
const requiredProperties: Record<string, string> = {
  Collection: 'collectionName',
  Enum: 'enumValues',
  EnumList: 'enumValues',
};

function isRecord(value: unknown): value is FormElementRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
