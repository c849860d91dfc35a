import { ValidationError } from '@grove/datasource-toolkit';

/**
 * The error raised when a relation path (`author:name`) is given where a field of the collection
 * itself is required (code `ValidationError`, name `RelationFieldAccessDeniedError`).
 *
 * @example
 * ```ts
 * if (name.includes(':')) throw relationFieldAccessDenied('books', name);
 * ```
 */
export function relationFieldAccessDenied(collectionName: string, name: string): ValidationError {
  return new ValidationError(
    `Access to the '${collectionName}.${name}' field is denied. You are trying to access a field ` +
      'from a related entity, but this is not allowed in the current context. ' +
      'Please verify the field name and context of use.',
    { name: 'RelationFieldAccessDeniedError', data: { collection: collectionName, field: name } },
  );
}
