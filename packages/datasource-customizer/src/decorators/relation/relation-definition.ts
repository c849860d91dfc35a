import type {
  TCollectionName,
  TColumnName,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/**
 * A ManyToOne relation to declare: `this.foreignKey = foreign.foreignKeyTarget`
 * (`foreignKeyTarget` defaults to the first primary key of the foreign collection).
 *
 * @example
 * ```ts
 * const author: ManyToOneDefinition = {
 *   type: 'ManyToOne',
 *   foreignCollection: 'authors',
 *   foreignKey: 'authorId',
 * };
 * ```
 */
export interface ManyToOneDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly type: 'ManyToOne';
  readonly foreignCollection: TCollectionName<S>;
  readonly foreignKey: TColumnName<S, N>;
  readonly foreignKeyTarget?: string;
}

/**
 * A OneToOne or OneToMany relation to declare: `foreign.originKey = this.originKeyTarget`
 * (`originKeyTarget` defaults to the first primary key of this collection).
 *
 * @example
 * ```ts
 * const books: OneToManyDefinition = {
 *   type: 'OneToMany',
 *   foreignCollection: 'books',
 *   originKey: 'authorId',
 * };
 * ```
 */
export interface OneToManyDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly type: 'OneToMany' | 'OneToOne';
  readonly foreignCollection: TCollectionName<S>;
  readonly originKey: string;
  readonly originKeyTarget?: TColumnName<S, N>;
}

/**
 * A ManyToMany relation to declare through a join collection:
 * `through.originKey = this.originKeyTarget` and `through.foreignKey = foreign.foreignKeyTarget`
 * (the targets default to the first primary keys of this and of the foreign collection).
 *
 * @example
 * ```ts
 * const tags: ManyToManyDefinition = {
 *   type: 'ManyToMany',
 *   foreignCollection: 'tags',
 *   throughCollection: 'bookTags',
 *   originKey: 'bookId',
 *   foreignKey: 'tagId',
 * };
 * ```
 */
export interface ManyToManyDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  readonly type: 'ManyToMany';
  readonly foreignCollection: TCollectionName<S>;
  readonly throughCollection: TCollectionName<S>;
  readonly originKey: string;
  readonly foreignKey: string;
  readonly originKeyTarget?: TColumnName<S, N>;
  readonly foreignKeyTarget?: string;
}

/**
 * A relation to add to a collection: its schema, where the key targets may be omitted.
 *
 * @example
 * ```ts
 * relationLayer.addRelation('author', {
 *   type: 'ManyToOne',
 *   foreignCollection: 'authors',
 *   foreignKey: 'authorId',
 * });
 * ```
 */
export type RelationDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = ManyToOneDefinition<S, N> | OneToManyDefinition<S, N> | ManyToManyDefinition<S, N>;
