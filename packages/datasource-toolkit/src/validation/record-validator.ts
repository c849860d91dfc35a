import { ValidationError } from '../errors/errors';
import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import { describeValue } from './describe-value';
import { validateValue } from './field-validator';

/**
 * Checks a record about to be written (create/update body): it must not be empty, every key must
 * be a field of the collection, column values must have the column's type, and to-one relations
 * hold nested records validated the same way (so a `null` nested record fails as empty). To-many
 * relations cannot be written through a record.
 *
 * @example
 * ```ts
 * validateRecord(books, { title: 'Dune', author: { name: 'Herbert' } }); // ok
 * validateRecord(books, {}); // throws: The record data is empty
 * validateRecord(authors, { books: [] }); // throws: Unexpected schema type 'OneToMany' while traversing record
 * ```
 */
export function validateRecord(
  collection: Collection,
  record: unknown,
): asserts record is RecordData {
  if (record === null || record === undefined)
    throw new ValidationError('The record data is empty');
  if (typeof record !== 'object' || Array.isArray(record) || Buffer.isBuffer(record)) {
    // Grove: the vendor walked the keys of strings and arrays; say what is wrong instead.
    throw new ValidationError(
      `The record data must be an object, got ${describeValue(record)} on '${collection.name}'`,
    );
  }
  const entries = Object.entries(record);
  if (entries.length === 0) throw new ValidationError('The record data is empty');

  const { fields } = collection.schema;
  for (const [key, value] of entries) {
    const field = fields[key];
    if (!field) throw missingSchemaElement('field', collection.name, key, Object.keys(fields));

    switch (field.type) {
      case 'Column':
        validateValue(key, field, value);
        break;
      case 'ManyToOne':
      case 'OneToOne':
        validateRecord(collection.dataSource.getCollection(field.foreignCollection), value);
        break;
      case 'OneToMany':
      case 'ManyToMany':
        throw new ValidationError(`Unexpected schema type '${field.type}' while traversing record`);
      default: {
        const unexpected: never = field;
        throw new ValidationError(`Unexpected schema ${describeValue(unexpected)} on '${key}'`);
      }
    }
  }
}
