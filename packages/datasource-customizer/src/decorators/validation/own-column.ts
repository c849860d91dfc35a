import {
  missingSchemaElement,
  validateField,
  type Collection,
  type ColumnSchema,
} from '@grove/datasource-toolkit';
import { relationFieldAccessDenied } from './relation-field-access-denied';

/**
 * Resolves a column of the collection itself, for customizations that only apply to its own
 * columns. A relation path raises RelationFieldAccessDeniedError, an unknown name
 * MissingFieldError and a relation `Unexpected field type…`.
 *
 * @example
 * ```ts
 * ownColumn(books, 'title'); // { type: 'Column', columnType: 'String', … }
 * ownColumn(books, 'author:name'); // throws: Access to the 'books.author:name' field is denied…
 * ```
 */
export function ownColumn(collection: Collection, name: string): ColumnSchema {
  if (name.includes(':')) throw relationFieldAccessDenied(collection.name, name);
  const { fields } = collection.schema;
  const field = fields[name];
  if (!field) throw missingSchemaElement('field', collection.name, name, Object.keys(fields));
  validateField(collection, name);

  return field as ColumnSchema;
}
