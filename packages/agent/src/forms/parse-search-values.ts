import { readHookFields } from './read-hook-fields';

/**
 * Reads the texts typed in dynamic dropdowns from the `attributes.fields` of a search hook body
 * (docs/agent-protocol.md#form-hooks: `searchValue` on the searched field's entry), as the
 * customizer's `metas.searchValues` expects them: field id → text (`null` when nothing is typed).
 *
 * @param fields - The raw `attributes.fields` of the body.
 * @example
 * ```ts
 * parseSearchValues([{ field: 'Country', type: 'String', searchValue: 'fr' }, { field: 'City' }]);
 * // { Country: 'fr' }
 * ```
 */
export function parseSearchValues(fields: unknown): Record<string, string | null> {
  const searchValues: Record<string, string | null> = {};
  for (const entry of readHookFields(fields)) {
    if (!('searchValue' in entry)) continue;
    searchValues[entry.field] = typeof entry.searchValue === 'string' ? entry.searchValue : null;
  }

  return searchValues;
}
