import {
  GroveError,
  ValidationError,
  isGroveError,
  validateField,
  validateFieldName,
  type Collection,
} from '@grove/datasource-toolkit';
import type { ComputedDefinition } from './computed-definition';

/**
 * Checks a computed field at registration: a name without spaces that is not taken, a
 * `getValues` function, and at least one dependency, each a column path crossing only to-one
 * relations of `collection` (which already holds the computed fields declared before, so a
 * dependency on a later field, hence a cycle, cannot be declared).
 *
 * @example
 * ```ts
 * validateComputedDefinition(books, 'fullTitle', { columnType: 'String', dependencies: [], getValues });
 * // throws: Computed field 'books.fullTitle' must have at least one dependency.
 * ```
 */
export function validateComputedDefinition(
  collection: Collection,
  name: string,
  definition: ComputedDefinition,
): void {
  const label = `'${collection.name}.${name}'`;
  validateFieldName(collection.name, name);
  if (collection.schema.fields[name]) {
    throw new ValidationError(`The ${label} field is already defined.`, {
      name: 'AlreadyDefinedFieldError',
      data: { collection: collection.name, name },
    });
  }
  if (typeof definition.getValues !== 'function') {
    throw new ValidationError(`Computed field ${label} must have a 'getValues' function.`);
  }
  if (!Array.isArray(definition.dependencies)) {
    throw new ValidationError(
      `Computed field ${label} must have the 'dependencies' parameter defined`,
    );
  }
  if (definition.dependencies.length === 0) {
    throw new ValidationError(`Computed field ${label} must have at least one dependency.`);
  }
  for (const dependency of definition.dependencies) {
    try {
      validateField(collection, dependency);
    } catch (error) {
      if (!isGroveError(error)) throw error;
      // Keep the code and name (a MissingFieldError stays one), say which definition failed.
      throw new GroveError(
        error.code,
        `Invalid dependency '${dependency}' of computed field ${label}: ${error.message}`,
        { name: error.name, cause: error, ...(error.data ? { data: error.data } : {}) },
      );
    }
  }
}
