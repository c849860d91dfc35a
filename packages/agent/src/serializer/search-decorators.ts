import type { JsonApiResource, JsonApiSearchDecorator } from './json-api-document';

/**
 * The search highlights of a list (docs/agent-protocol.md#search-highlights): for each resource
 * with at least one top-level attribute whose text contains the search (case-insensitive), an entry
 * naming those attributes. Keys are `"0"`, `"1"`… numbered over the matching resources only. Null
 * values never match; objects are compared as JSON, dates as ISO strings.
 *
 * @param resources - The resources of the list, in order.
 * @param search - The search text (trimmed; blank means no highlight).
 * @returns The `meta.decorators` object, or `undefined` when nothing matches.
 *
 * @example
 * ```ts
 * searchDecorators([{ type: 'books', id: '12', attributes: { id: 12, title: 'Dune' } }], 'dun');
 * // { '0': { id: '12', search: ['title'] } }
 * ```
 */
export function searchDecorators(
  resources: readonly JsonApiResource[],
  search: string,
): Record<string, JsonApiSearchDecorator> | undefined {
  const needle = search.trim().toLowerCase();
  if (needle === '') return undefined;

  const decorators: Record<string, JsonApiSearchDecorator> = {};
  let count = 0;
  for (const { id, attributes } of resources) {
    const matches = Object.entries(attributes ?? {})
      .filter(([, value]) => textOf(value)?.toLowerCase().includes(needle))
      .map(([name]) => name);
    if (matches.length) decorators[String(count++)] = { id, search: matches };
  }

  return count ? decorators : undefined;
}

function textOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);

  return String(value);
}
