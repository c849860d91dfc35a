import { GroveError } from './grove-error';

/** The kinds of schema element a lookup can miss. */
export type SchemaElementKind = 'collection' | 'field' | 'column' | 'relation';

const names: Readonly<Record<SchemaElementKind, string>> = {
  collection: 'MissingCollectionError',
  field: 'MissingFieldError',
  column: 'MissingColumnError',
  relation: 'MissingRelationError',
};

/**
 * A lookup of an unknown collection, field, column or relation (code `ValidationError`, name
 * `Missing<Kind>Error`). The customizer can skip these when told to ignore missing elements.
 *
 * @example
 * ```ts
 * throw missingSchemaElement('field', 'books', 'titel', ['id', 'title']);
 * ```
 */
export function missingSchemaElement(
  kind: Exclude<SchemaElementKind, 'collection'>,
  collectionName: string,
  name: string,
  available: readonly string[],
): GroveError {
  return new GroveError(
    'ValidationError',
    `The '${collectionName}.${name}' ${kind} was not found. Available ${kind}s are: ` +
      `[${available.map(n => `'${n}'`).join(', ')}]. Please check if the ${kind} name is correct.`,
    { name: names[kind], data: { kind, collection: collectionName, name } },
  );
}

/**
 * A lookup of an unknown collection in a data source.
 *
 * @example
 * ```ts
 * throw missingCollection('bookz', ['authors', 'books']);
 * ```
 */
export function missingCollection(name: string, available: readonly string[]): GroveError {
  return new GroveError(
    'ValidationError',
    `Collection '${name}' not found. List of available collections: ${[...available].sort().join(', ')}`,
    { name: names.collection, data: { kind: 'collection', name } },
  );
}

/**
 * Tells whether an error is a missing collection/field/column/relation.
 *
 * @example
 * ```ts
 * if (ignoreMissing && isMissingSchemaElementError(error)) logger('Warn', error.message);
 * ```
 */
export function isMissingSchemaElementError(error: unknown): error is GroveError {
  return (
    error instanceof Error &&
    (error as Partial<GroveError>).isGroveError === true &&
    Object.values(names).includes(error.name)
  );
}
