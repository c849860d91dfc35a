import { NotFoundError } from '@grove/datasource-toolkit';
import type { Collection, DataSource } from '@grove/datasource-toolkit';

/**
 * The collection named in a route, or a 404 naming it (spec: unknown collection → 404).
 *
 * @example
 * ```ts
 * const books = collectionOf(services.dataSource, request.params.collectionName);
 * ```
 */
export function collectionOf(dataSource: DataSource, name: string | undefined): Collection {
  const collection = dataSource.collections.find(candidate => candidate.name === name);
  if (!collection) throw new NotFoundError(`Collection '${name ?? ''}' not found`);

  return collection;
}
