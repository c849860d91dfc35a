import type {
  InMemoryCollectionDefinition,
  InMemoryDataSourceDefinition,
  InMemoryFieldDefinition,
} from '../../in-memory/in-memory-definition';
import type { RecordData } from '../../interfaces/record';
import {
  libraryCollectionNames,
  libraryCollections,
  type LibraryCollectionName,
} from './library-collections';
import type { LibraryFieldOption, LibraryFixtureOptions } from './library-fixture-options';

/**
 * The library test fixture as an in-memory data source definition: authors ← books → reviews,
 * authors ← profiles (one-to-one), books ↔ tags through bookTags (composite primary key), each
 * relation declared on both sides, with a few default rows (Frank Herbert's Dune and Children of
 * Dune, Ursula Le Guin's Earthsea). Options pick the collections (a relation to a collection left
 * out is dropped), rename them, add, replace or remove fields (`'Number'` is short for a plain
 * column; added columns come before the foreign keys, added relations last), and replace rows.
 * Returns a fresh object at each call: pass it to `createInMemoryDataSource` or
 * `inMemoryDataSourceFactory`.
 *
 * @param options - Which collections and names, extra fields, rows and segments.
 * @returns The definition; `collections` follow the library's order, then `extraCollections`.
 *
 * @example
 * ```ts
 * import { createInMemoryDataSource } from '@grove/datasource-toolkit';
 * import { createLibraryFixture } from '@grove/datasource-toolkit/testing';
 *
 * const dataSource = createInMemoryDataSource(
 *   createLibraryFixture({
 *     collections: ['authors', 'books'],
 *     fields: {
 *       authors: { firstName: null, lastName: null, name: 'String' },
 *       books: { status: { type: 'Column', columnType: 'Enum', enumValues: ['draft', 'live'] } },
 *     },
 *     records: { books: [{ id: 1, title: 'Dune', price: 10, status: 'live', authorId: 1 }] },
 *     segments: { books: { live: { field: 'status', operator: 'Equal', value: 'live' } } },
 *   }),
 * );
 * ```
 */
export function createLibraryFixture(
  options: LibraryFixtureOptions = {},
): InMemoryDataSourceDefinition {
  const included = new Set<string>(options.collections ?? libraryCollectionNames);
  const names = libraryCollectionNames.filter(name => included.has(name));
  const available = new Set<string>([...names, ...Object.keys(options.extraCollections ?? {})]);
  const collections: Record<string, InMemoryCollectionDefinition> = {};

  for (const name of names) {
    collections[options.names?.[name] ?? name] = buildCollection(name, available, options);
  }

  return { collections: { ...collections, ...options.extraCollections } };
}

function buildCollection(
  name: LibraryCollectionName,
  available: ReadonlySet<string>,
  options: LibraryFixtureOptions,
): InMemoryCollectionDefinition {
  const base = libraryCollections[name];
  const keys = foreignKeys(base.fields);
  const head: Record<string, InMemoryFieldDefinition> = {};
  const tail: Record<string, InMemoryFieldDefinition> = {};

  for (const [field, definition] of Object.entries(base.fields)) {
    if (!reaches(definition, available)) continue;
    const isOwnColumn =
      definition.type === 'Column' && (!keys.has(field) || definition.isPrimaryKey);
    (isOwnColumn ? head : tail)[field] = rename(definition, options.names ?? {});
  }
  // Added columns go after the library's own columns, before its foreign keys and relations;
  // added relations go last (the order of schemas and of the "available fields" of errors).
  for (const [field, option] of Object.entries(options.fields?.[name] ?? {})) {
    if (option === null) {
      delete head[field];
      delete tail[field];
      continue;
    }
    const definition = toField(option);
    const inTail = field in tail || (!(field in head) && definition.type !== 'Column');
    (inTail ? tail : head)[field] = definition;
  }
  const fields = { ...head, ...tail };
  const segments = options.segments?.[name];

  return {
    fields,
    records: options.records?.[name] ?? project(base.records ?? [], fields),
    ...(segments ? { segments } : {}),
  };
}

/** The foreign-key columns of the ManyToOne relations of a collection. */
function foreignKeys(fields: Readonly<Record<string, InMemoryFieldDefinition>>): Set<string> {
  return new Set(
    Object.values(fields).flatMap(field => (field.type === 'ManyToOne' ? [field.foreignKey] : [])),
  );
}

/** Whether every collection a library relation points to (through included) is in the fixture. */
function reaches(field: InMemoryFieldDefinition, available: ReadonlySet<string>): boolean {
  if (field.type === 'Column') return true;
  if (field.type === 'ManyToMany') {
    return available.has(field.foreignCollection) && available.has(field.throughCollection);
  }

  return available.has(field.foreignCollection);
}

/** A library relation pointing at the collections' new names. */
function rename(
  field: InMemoryFieldDefinition,
  names: Readonly<Partial<Record<string, string>>>,
): InMemoryFieldDefinition {
  if (field.type === 'Column') return field;
  const foreignCollection = names[field.foreignCollection] ?? field.foreignCollection;
  if (field.type !== 'ManyToMany') return { ...field, foreignCollection };

  return {
    ...field,
    foreignCollection,
    throughCollection: names[field.throughCollection] ?? field.throughCollection,
  };
}

function toField(option: Exclude<LibraryFieldOption, null>): InMemoryFieldDefinition {
  return typeof option === 'string' ? { type: 'Column', columnType: option } : option;
}

/** The default rows without the columns an option removed. */
function project(
  records: readonly RecordData[],
  fields: Readonly<Record<string, InMemoryFieldDefinition>>,
): RecordData[] {
  return records.map(record =>
    Object.fromEntries(Object.entries(record).filter(([key]) => fields[key]?.type === 'Column')),
  );
}
