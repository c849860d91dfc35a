/**
 * The shape of a generated `Schema` type (see `generateTypings`): per collection, its plain
 * columns, its nested to-one relations and its flattened `relation:field` paths.
 *
 * @example
 * ```ts
 * export type Schema = {
 *   books: {
 *     plain: { id: number; title: string; authorId: number };
 *     nested: { author: Schema['authors']['plain'] & Schema['authors']['nested'] };
 *     flat: { 'author:id': number; 'author:name': string };
 *   };
 * };
 * ```
 */
export type TSchema = Record<
  string,
  {
    plain: Record<string, unknown>;
    nested: Record<string, unknown>;
    flat: Record<string, unknown>;
  }
>;

/** A collection name of the schema. */
export type TCollectionName<S extends TSchema> = Extract<keyof S, string>;

/** A column of a collection. */
export type TColumnName<S extends TSchema, N extends TCollectionName<S>> = Extract<
  keyof S[N]['plain'],
  string
>;

/** A column or a `relation:field` path of a collection. */
export type TFieldName<S extends TSchema, N extends TCollectionName<S>> = Extract<
  keyof S[N]['plain'] | keyof S[N]['flat'],
  string
>;

/** A relation of a collection. */
export type TRelationName<S extends TSchema, N extends TCollectionName<S>> = Extract<
  keyof S[N]['nested'],
  string
>;

/** A record with its columns only. */
export type TSimpleRow<S extends TSchema, N extends TCollectionName<S>> = S[N]['plain'];

/** A partial record with its columns only (patches). */
export type TPartialSimpleRow<S extends TSchema, N extends TCollectionName<S>> = Partial<
  S[N]['plain']
>;

/** A record with columns and nested to-one relations (what `list` returns). */
export type TRow<S extends TSchema, N extends TCollectionName<S>> = S[N]['plain'] &
  Partial<S[N]['nested']>;

/** A partial record (what a projection returns). */
export type TPartialRow<S extends TSchema, N extends TCollectionName<S>> = Partial<TRow<S, N>>;

/** The schema used when no typings were generated: any name, untyped values. */
export type TUntypedSchema = Record<
  string,
  {
    plain: Record<string, unknown>;
    nested: Record<string, unknown>;
    flat: Record<string, unknown>;
  }
>;
