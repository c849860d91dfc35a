import {
  ValidationError,
  allowedOperatorsFor,
  getPrimaryKeys,
  isOperator,
  missingSchemaElement,
  type Collection,
  type ColumnSchema,
  type Operator,
} from '@grove/datasource-toolkit';

/**
 * Checks, at registration, that `operator` can be emulated or replaced on `name`: the collection's
 * primary keys support `Equal` and `In` (emulation lists records by id), `name` is a column of the
 * collection itself (not a relation nor a path) and its type allows the operator (when given).
 * Returns the column's schema.
 *
 * @example
 * ```ts
 * checkEmulableField(books, 'title', 'StartsWith'); // ok
 * checkEmulableField(books, 'title', null); // ok: only the field is checked
 * checkEmulableField(books, 'price', 'StartsWith');
 * // throws: Cannot emulate operator 'StartsWith' on 'books.price': …
 * ```
 */
export function checkEmulableField(
  collection: Collection,
  name: string,
  operator: Operator | null,
): ColumnSchema {
  const { schema } = collection;
  for (const pk of getPrimaryKeys(schema)) {
    const operators = (schema.fields[pk] as ColumnSchema).filterOperators;
    if (!operators?.has('Equal') || !operators.has('In')) {
      throw new ValidationError(
        `Cannot override operators on collection '${collection.name}': ` +
          `the primary key columns must support 'Equal' and 'In' operators`,
      );
    }
  }

  if (name.includes(':')) {
    throw new ValidationError(
      `Cannot override operators on '${collection.name}.${name}': only columns of the ` +
        `collection itself can be emulated; emulate the field on the related collection instead`,
    );
  }
  const field = schema.fields[name];
  if (!field) {
    throw missingSchemaElement('field', collection.name, name, Object.keys(schema.fields));
  }
  if (field.type !== 'Column') {
    throw new ValidationError(
      `Unexpected field type: '${collection.name}.${name}' (found '${field.type}' expected 'Column')`,
    );
  }

  const allowed = allowedOperatorsFor(field.columnType);
  if (operator !== null && (!isOperator(operator) || !allowed.has(operator))) {
    const type = typeof field.columnType === 'string' ? field.columnType : 'composite';
    throw new ValidationError(
      `Cannot emulate operator '${String(operator)}' on '${collection.name}.${name}': ` +
        `it is not allowed on columns of type '${type}'. Allowed operators are: [${[...allowed].join(', ')}]`,
    );
  }

  return field;
}
