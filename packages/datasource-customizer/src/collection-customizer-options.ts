import type {
  ManyToManyDefinition,
  ManyToOneDefinition,
  OneToManyDefinition,
} from './decorators/relation/relation-definition';
import type {
  TCollectionName,
  TColumnName,
  TRelationName,
  TSchema,
  TUntypedSchema,
} from './types/schema-typing';

/**
 * Options of `addManyToOneRelation` (`foreignKeyTarget` defaults to the foreign primary key).
 *
 * @example
 * ```ts
 * books.addManyToOneRelation('author', 'authors', { foreignKey: 'authorId' });
 * ```
 */
export type ManyToOneOptions<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = Omit<ManyToOneDefinition<S, N>, 'type' | 'foreignCollection'>;

/**
 * Options of `addOneToManyRelation` and `addOneToOneRelation` (`originKeyTarget` defaults to
 * this collection's primary key).
 *
 * @example
 * ```ts
 * authors.addOneToManyRelation('books', 'books', { originKey: 'authorId' });
 * ```
 */
export type OneToManyOptions<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = Omit<OneToManyDefinition<S, N>, 'type' | 'foreignCollection'>;

/**
 * Options of `addManyToManyRelation` (targets default to the primary keys).
 *
 * @example
 * ```ts
 * books.addManyToManyRelation('tags', 'tags', 'bookTags', { originKey: 'bookId', foreignKey: 'tagId' });
 * ```
 */
export type ManyToManyOptions<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = Omit<ManyToManyDefinition<S, N>, 'type' | 'foreignCollection' | 'throughCollection'>;

/** A column or relation of a collection (what `renameField` and `removeField` accept). */
export type TColumnOrRelationName<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = TColumnName<S, N> | TRelationName<S, N>;
