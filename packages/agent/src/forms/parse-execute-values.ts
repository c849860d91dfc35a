import {
  ValidationError,
  type ActionField,
  type ActionFormElement,
  type DataSource,
  type RecordData,
} from '@grove/datasource-toolkit';
import { loadingPlaceholder } from './loading-placeholder';
import { parseReferenceValue } from './parse-reference-value';

/**
 * Turns the `values` of an execute body (docs/agent-protocol.md#execute, keyed by field id) into
 * the `formValues` of `collection.execute`: values of Collection fields of `form` are unpacked into
 * composite ids, file values stay data URIs (the customizer parses them), the value of the schema's
 * loading placeholder is dropped (unless the form really has a field with that id), the rest
 * passes.
 *
 * @param values - The raw `attributes.values` (`null`/absent means none).
 * @param form - The form evaluated with these raw values and `includeHiddenFields: true`, which
 *   tells the type of each field.
 * @param dataSource - Holds the targets of Collection fields.
 * @example
 * ```ts
 * const form = await collection.getForm(caller, name, rawValues, filter, { includeHiddenFields: true });
 * const formValues = parseExecuteValues(rawValues, form, dataSource); // { Author: [3], … }
 * await collection.execute(caller, name, formValues, filter);
 * ```
 */
export function parseExecuteValues(
  values: unknown,
  form: readonly ActionFormElement[],
  dataSource: DataSource,
): RecordData {
  if (values === undefined || values === null) return {};
  if (typeof values !== 'object' || Array.isArray(values)) {
    throw new ValidationError('Expected "values" to be an object keyed by field id.');
  }

  const fields = new Map(collectFields(form).map(field => [field.id, field]));
  const formValues: RecordData = {};
  for (const [id, value] of Object.entries(values)) {
    const field = fields.get(id);
    if (!field && id === loadingPlaceholder.field) continue;
    formValues[id] =
      field?.type === 'Collection' && field.collectionName !== undefined
        ? parseReferenceValue(dataSource, field.collectionName, value, id)
        : value;
  }

  return formValues;
}

/** Every field of a form, inside rows and pages too. */
function collectFields(elements: readonly ActionFormElement[]): ActionField[] {
  return elements.flatMap(element => {
    if (element.type !== 'Layout') return [element];

    return collectFields([...(element.fields ?? []), ...(element.elements ?? [])]);
  });
}
