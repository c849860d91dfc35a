import type { DataSource, RecordData } from '@grove/datasource-toolkit';
import { loadingPlaceholder } from './loading-placeholder';
import { parseReferenceValue } from './parse-reference-value';
import { readHookFields } from './read-hook-fields';

/**
 * Turns the `attributes.fields` of a change or search hook body (docs/agent-protocol.md#form-hooks)
 * into the `formValues` the customizer's `getForm` expects, keyed by field id: Collection values
 * (fields with a `reference`) are unpacked into composite ids; file values stay data URIs (the
 * customizer parses them); fields without `value` and the schema's loading placeholder are left
 * out.
 *
 * @param fields - The raw `attributes.fields` of the body.
 * @param dataSource - Holds the targets of Collection fields.
 * @example
 * ```ts
 * parseFormValues([
 *   { field: 'Reason', type: 'String', value: 'typo' },
 *   { field: 'Author', type: 'Number', reference: 'authors.id', value: '3' },
 * ], dataSource); // { Reason: 'typo', Author: [3] }
 * ```
 */
export function parseFormValues(fields: unknown, dataSource: DataSource): RecordData {
  const values: RecordData = {};
  for (const entry of readHookFields(fields)) {
    if (entry.field === loadingPlaceholder.field || entry.value === undefined) continue;
    const { reference } = entry;
    values[entry.field] =
      typeof reference === 'string' && reference.includes('.')
        ? parseReferenceValue(
            dataSource,
            reference.substring(0, reference.lastIndexOf('.')),
            entry.value,
            entry.field,
          )
        : entry.value;
  }

  return values;
}
