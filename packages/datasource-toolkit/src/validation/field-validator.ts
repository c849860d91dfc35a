import { ValidationError } from '../errors/errors';
import { missingSchemaElement } from '../errors/missing-schema-element-error';
import type { Collection } from '../interfaces/collection';
import type { ColumnSchema, ColumnType, NestedEnumType } from '../interfaces/schema';
import { isToOne } from '../utils/schema-utils';
import { describeTypes, describeValue } from './describe-value';
import { acceptedValueTypes, getValueType, type ValueType } from './type-getter';

/**
 * Checks that a path names a column, crossing only to-one relations (`author:address:city`).
 * Throws `MissingFieldError` / `MissingRelationError` for unknown names and a ValidationError
 * (`Unexpected field type: …`) for a relation where a column is expected or a to-many in the path.
 *
 * @example
 * ```ts
 * validateField(books, 'author:name'); // ok
 * validateField(books, 'author'); // throws: Unexpected field type: 'books.author' (found 'ManyToOne' expected 'Column')
 * ```
 */
export function validateField(collection: Collection, path: string): void {
  const index = path.indexOf(':');
  const { fields } = collection.schema;

  if (index === -1) {
    const field = fields[path];
    if (!field) throw missingSchemaElement('field', collection.name, path, Object.keys(fields));
    if (field.type !== 'Column') {
      throw new ValidationError(
        `Unexpected field type: '${collection.name}.${path}' (found '${field.type}' expected 'Column')`,
      );
    }

    return;
  }

  const prefix = path.substring(0, index);
  const relation = fields[prefix];
  if (!relation) {
    const toOne = Object.keys(fields).filter(name => isToOne(fields[name]));
    throw missingSchemaElement('relation', collection.name, prefix, toOne);
  }
  if (!isToOne(relation)) {
    throw new ValidationError(
      `Unexpected field type: '${collection.name}.${prefix}' ` +
        `(found '${relation.type}' expected 'ManyToOne' or 'OneToOne')`,
    );
  }

  validateField(
    collection.dataSource.getCollection(relation.foreignCollection),
    path.substring(index + 1),
  );
}

/**
 * Checks a value against a column: its detected type must be the column's type or `Null` (or one
 * of `allowedTypes` when given), and enum values must be listed. A value written to a composite
 * column must have its shape: an array (each item checked against the item type) for `[T]`, an
 * object (each known key checked) for `{ key: T }`, or `null`. `Timeonly` columns accept `Time`
 * values.
 *
 * @example
 * ```ts
 * validateValue('price', { type: 'Column', columnType: 'Number' }, '12.5'); // ok
 * validateValue('price', { type: 'Column', columnType: 'Number' }, 'abc');
 * // throws: The given value has a wrong type for "price": abc.\n Expects "Number",null
 * ```
 */
export function validateValue(
  field: string,
  schema: ColumnSchema,
  value: unknown,
  allowedTypes?: readonly ValueType[],
): void {
  const { columnType } = schema;
  if (typeof columnType !== 'string') {
    // Operators on composite columns bring their own value types; a written value is checked.
    if (!allowedTypes) validateComposite(field, columnType, value);

    return;
  }

  const allowed = allowedTypes ?? acceptedValueTypes(columnType);
  const type = getValueType(value, columnType);
  if (type === undefined || !allowed.includes(type)) {
    throw new ValidationError(
      `The given value has a wrong type for "${field}": ${describeValue(value)}.\n` +
        ` Expects ${describeTypes(allowed)}`,
    );
  }

  if (type === 'Enum' && !(schema.enumValues ?? []).includes(value as string)) {
    throw new ValidationError(
      `The given enum value(s) ${describeValue(value)} is not listed in [${(schema.enumValues ?? []).join(',')}]`,
    );
  }
}

function toCamelCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(word => word !== '');

  return words
    .map((word, index) => {
      const normalized = word === word.toUpperCase() ? word.toLowerCase() : word;
      const head =
        index === 0 ? normalized.charAt(0).toLowerCase() : normalized.charAt(0).toUpperCase();

      return head + normalized.substring(1);
    })
    .join('');
}

/**
 * Checks the name of a field being added or renamed: it must not contain spaces.
 *
 * @example
 * ```ts
 * validateFieldName('books', 'full title');
 * // throws: The name of field 'full title' you configured on 'books' must not contain space.
 * //   Something like 'fullTitle' should work has expected.
 * ```
 */
export function validateFieldName(collectionName: string, name: string): void {
  if (/\s/.test(name)) {
    throw new ValidationError(
      `The name of field '${name}' you configured on '${collectionName}' must not contain space. ` +
        `Something like '${toCamelCase(name)}' should work has expected.`,
    );
  }
}

/** Checks the shape of a composite value, iteratively over nested arrays and objects. */
function validateComposite(field: string, columnType: ColumnType, root: unknown): void {
  const pending: Array<[string, ColumnType | NestedEnumType, unknown]> = [
    [field, columnType, root],
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [path, type, value] = next;
    if (value === null || value === undefined) continue;
    if (typeof type === 'string') {
      validateValue(path, { type: 'Column', columnType: type }, value);
    } else if (Array.isArray(type)) {
      if (!Array.isArray(value)) throw wrongShape(path, value, 'an array');
      const [item] = type as readonly [ColumnType];
      value.forEach((element, index) => pending.push([`${path}.${index}`, item, element]));
    } else if (isNestedEnum(type)) {
      const { enumValues } = type;
      validateValue(
        path,
        { type: 'Column', columnType: 'Enum', enumValues: [...enumValues] },
        value,
      );
    } else {
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw wrongShape(path, value, 'an object');
      }
      for (const [key, keyType] of Object.entries(type)) {
        if (Object.hasOwn(value, key)) {
          pending.push([`${path}.${key}`, keyType, (value as Record<string, unknown>)[key]]);
        }
      }
    }
  }
}

function isNestedEnum(type: object): type is NestedEnumType {
  return (type as { type?: unknown }).type === 'Enum' && 'enumValues' in type;
}

function wrongShape(path: string, value: unknown, expected: string): ValidationError {
  return new ValidationError(
    `The given value has a wrong type for "${path}": ${describeValue(value)}.\n Expects ${expected}`,
  );
}
