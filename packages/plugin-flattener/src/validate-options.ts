import type { CollectionCustomizer } from '@grove/datasource-customizer';
import { ValidationError, type ColumnSchema } from '@grove/datasource-toolkit';

/**
 * Returns the collection a plugin was used on, or fails: the flattener plugins only work inside
 * `customizeCollection`.
 *
 * @example
 * ```ts
 * const customers = requireCollection(collection, 'flattenColumn');
 * ```
 */
export function requireCollection(
  collection: CollectionCustomizer | null,
  plugin: string,
): CollectionCustomizer {
  if (!collection) {
    throw new ValidationError(
      `${plugin} can only be used when customizing a collection (collection.use(${plugin}, …)).`,
    );
  }

  return collection;
}

/**
 * Fails when a required option is missing.
 *
 * @example
 * ```ts
 * requireOption('flattenColumn', 'columnName', options?.columnName);
 * ```
 */
export function requireOption<T>(plugin: string, option: string, value: T | undefined): T {
  if (value === undefined || value === null || value === '') {
    throw new ValidationError(`${plugin}: options.${option} is required.`);
  }

  return value;
}

/**
 * Returns the schema of a column, failing with a message naming collection and column when the
 * field is unknown or is a relation.
 *
 * @example
 * ```ts
 * const address = getColumn(customers, 'address');
 * ```
 */
export function getColumn(collection: CollectionCustomizer, columnName: string): ColumnSchema {
  const { fields } = collection.schema;
  const field = Object.prototype.hasOwnProperty.call(fields, columnName)
    ? fields[columnName]
    : undefined;
  if (!field) {
    const columns = Object.keys(fields).filter(name => fields[name]?.type === 'Column');
    throw cannotFlatten(
      collection,
      columnName,
      `column not found; available columns: ${columns.join(', ')}`,
    );
  }
  if (field.type !== 'Column') {
    throw cannotFlatten(collection, columnName, `it is a ${field.type} relation, not a column`);
  }

  return field;
}

/**
 * The build error of the flattener: `Cannot flatten 'customers.address': <reason>.`
 *
 * @example
 * ```ts
 * throw cannotFlatten(customers, 'address', 'level must be greater than 0');
 * ```
 */
export function cannotFlatten(
  collection: CollectionCustomizer,
  columnName: string,
  reason: string,
): ValidationError {
  return new ValidationError(`Cannot flatten '${collection.name}.${columnName}': ${reason}.`, {
    data: { collection: collection.name, column: columnName },
  });
}
