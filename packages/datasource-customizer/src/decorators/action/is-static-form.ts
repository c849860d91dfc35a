import { childrenOf, type FormElementRecord } from './form-element-kinds';

/**
 * Tells whether a form is static: not a function, no function-valued property on any element
 * (inside Rows and Pages too), and no hard-coded default on a File/FileList field (the schema
 * cannot carry files). The agent can then publish the form in the schema instead of loading it.
 *
 * @example
 * ```ts
 * isStaticForm([{ type: 'String', label: 'Reason' }]); // true
 * isStaticForm([{ type: 'String', label: 'Reason', if: ctx => true }]); // false
 * ```
 */
export function isStaticForm(form: unknown): boolean {
  if (form === undefined || form === null) return true;
  if (!Array.isArray(form)) return false;

  return (form as FormElementRecord[]).every(isStaticElement);
}

function isStaticElement(element: FormElementRecord): boolean {
  if (Object.values(element).some(value => typeof value === 'function')) return false;
  if (
    (element.type === 'File' || element.type === 'FileList') &&
    element.defaultValue !== undefined
  )
    return false;

  return (childrenOf(element) ?? []).every(isStaticElement);
}
