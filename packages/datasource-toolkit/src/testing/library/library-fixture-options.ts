import type {
  InMemoryCollectionDefinition,
  InMemoryFieldDefinition,
} from '../../in-memory/in-memory-definition';
import type { RecordData } from '../../interfaces/record';
import type { PrimitiveType } from '../../interfaces/schema';
import type { PlainConditionTree } from '../../query/condition-tree/nodes/condition-tree';
import type { LibraryCollectionName } from './library-collections';

/**
 * A field given to {@link createLibraryFixture}: a full definition, a primitive type as a
 * shorthand for a plain column (`'String'`), or `null` to remove a field of the library.
 */
export type LibraryFieldOption = InMemoryFieldDefinition | PrimitiveType | null;

/** The options of {@link createLibraryFixture}; every one is optional. */
export interface LibraryFixtureOptions {
  /** The library collections to include (default: all of them). */
  readonly collections?: readonly LibraryCollectionName[];
  /**
   * Fields added to (or replacing, or with `null` removing) the library's, by collection. A
   * replaced field keeps its place; an added one comes after the library's.
   */
  readonly fields?: Readonly<
    Partial<Record<LibraryCollectionName, Readonly<Record<string, LibraryFieldOption>>>>
  >;
  /** Rows replacing the library's defaults, by collection (`[]` for an empty collection). */
  readonly records?: Readonly<Partial<Record<LibraryCollectionName, readonly RecordData[]>>>;
  /** Named segments, by collection. */
  readonly segments?: Readonly<
    Partial<Record<LibraryCollectionName, Readonly<Record<string, PlainConditionTree>>>>
  >;
  /**
   * New names for library collections (`{ authors: 'persons' }`), relations to them included.
   * The other options keep using the library's names.
   */
  readonly names?: Readonly<Partial<Record<LibraryCollectionName, string>>>;
  /** Collections added beside the library's (a shop's `orders`, a `logs` table…). */
  readonly extraCollections?: Readonly<Record<string, InMemoryCollectionDefinition>>;
}
