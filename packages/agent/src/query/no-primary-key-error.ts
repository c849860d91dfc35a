import { UnprocessableError } from '@grove/datasource-toolkit';

/**
 * The error of an operation that needs record ids on a collection without primary key
 * (docs/agent-protocol.md#record-ids): 422, name `NoPrimaryKeyError`, `This collection has no
 * primary key`.
 *
 * @param collectionName - Carried in `data.collection` for logs and clients.
 *
 * @example
 * ```ts
 * if (getPrimaryKeys(collection.schema).length === 0) throw noPrimaryKeyError(collection.name);
 * ```
 */
export function noPrimaryKeyError(collectionName: string): UnprocessableError {
  return new UnprocessableError('This collection has no primary key', {
    name: 'NoPrimaryKeyError',
    data: { collection: collectionName },
  });
}
