import { isMissingSchemaElementError, NotFoundError } from '@grove/datasource-toolkit';
import type { Collection, DataSource } from '@grove/datasource-toolkit';

/**
 * The collection named in a route, or a 404 naming it (spec: unknown collection → 404). Asked of
 * `getCollection`, which each layer of the customizer's stack answers with one lookup: reading
 * `collections` instead had every layer wrap every collection again, on every request.
 *
 * @example
 * ```ts
 * const books = collectionOf(services.dataSource, request.params.collectionName);
 * ```
 */
export function collectionOf(dataSource: DataSource, name: string | undefined): Collection {
  try {
    return dataSource.getCollection(name ?? '');
  } catch (error) {
    if (isMissingSchemaElementError(error) && error.data?.kind === 'collection') {
      throw new NotFoundError(`Collection '${name ?? ''}' not found`);
    }
    throw error;
  }
}
