import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type {
  CollectionSchema,
  ColumnSchema,
  FieldSchema,
  RelationSchema,
} from '../interfaces/schema';
import { ValidationError } from '../errors/errors';

/**
 * Lists the primary keys of a collection, in schema order.
 *
 * @example
 * ```ts
 * getPrimaryKeys(orderLines.schema); // ['orderId', 'lineNumber']
 * ```
 */
export function getPrimaryKeys(schema: CollectionSchema): string[] {
  return Object.entries(schema.fields)
    .filter(([, field]) => field.type === 'Column' && field.isPrimaryKey)
    .map(([name]) => name);
}

/**
 * Tells whether a field is a to-one relation (ManyToOne or OneToOne).
 *
 * @example
 * ```ts
 * isToOne(books.schema.fields.author); // true
 * ```
 */
export function isToOne(field: FieldSchema | undefined): field is RelationSchema & {
  type: 'ManyToOne' | 'OneToOne';
} {
  return field?.type === 'ManyToOne' || field?.type === 'OneToOne';
}

/**
 * Resolves the schema of a path that may cross to-one relations (`author:address:city`).
 * Unknown names raise `MissingFieldError`; a to-many relation in the path raises a ValidationError.
 *
 * @example
 * ```ts
 * getFieldSchema(books, 'author:name'); // { type: 'Column', columnType: 'String', … }
 * ```
 */
export function getFieldSchema(collection: Collection, path: string): FieldSchema {
  const index = path.indexOf(':');
  const name = index === -1 ? path : path.substring(0, index);
  const field = collection.schema.fields[name];
  if (!field) {
    throw missingSchemaElement(
      'field',
      collection.name,
      name,
      Object.keys(collection.schema.fields),
    );
  }
  if (index === -1) return field;
  if (!isToOne(field)) {
    throw new ValidationError(
      `Unexpected field type '${field.type}': '${collection.name}.${name}'`,
    );
  }

  return getFieldSchema(
    collection.dataSource.getCollection(field.foreignCollection),
    path.substring(index + 1),
  );
}

/**
 * Resolves a path to a column, raising a ValidationError when it names a relation.
 *
 * @example
 * ```ts
 * getColumnSchema(books, 'author:name').columnType; // 'String'
 * ```
 */
export function getColumnSchema(collection: Collection, path: string): ColumnSchema {
  const field = getFieldSchema(collection, path);
  if (field.type !== 'Column') {
    throw new ValidationError(
      `Unexpected field type: '${collection.name}.${path}' (found '${field.type}' expected 'Column')`,
    );
  }

  return field;
}

/**
 * Returns the collection at the end of a to-one path prefix (`author:address` from `books`).
 *
 * @example
 * ```ts
 * getRelatedCollection(books, 'author').name; // 'authors'
 * ```
 */
export function getRelatedCollection(collection: Collection, relationPath: string): Collection {
  return relationPath.split(':').reduce((current, name) => {
    const field = current.schema.fields[name];
    if (!field || field.type === 'Column') {
      throw missingSchemaElement('relation', current.name, name, relationNames(current.schema));
    }

    return current.dataSource.getCollection(field.foreignCollection);
  }, collection);
}

function relationNames(schema: CollectionSchema): string[] {
  return Object.keys(schema.fields).filter(name => schema.fields[name]?.type !== 'Column');
}
