/**
 * A reference to a resource: its collection name and packed id.
 *
 * @example
 * ```ts
 * const author: JsonApiResourceIdentifier = { type: 'persons', id: '3' };
 * ```
 */
export interface JsonApiResourceIdentifier {
  readonly type: string;
  readonly id: string;
}

/**
 * A relationship of a resource: `data` for to-one relations that were projected (`null` when
 * the related record is absent), `links` for to-many relations.
 *
 * @example
 * ```ts
 * const reviews: JsonApiRelationship = {
 *   links: { related: { href: '/forest/books/12/relationships/reviews' } },
 * };
 * ```
 */
export interface JsonApiRelationship {
  readonly data?: JsonApiResourceIdentifier | null;
  readonly links?: { readonly related: { readonly href: string } };
}

/**
 * A resource object: a record of a collection.
 *
 * @example
 * ```ts
 * const book: JsonApiResource = { type: 'books', id: '12', attributes: { id: 12, title: 'Dune' } };
 * ```
 */
export interface JsonApiResource extends JsonApiResourceIdentifier {
  readonly attributes?: Readonly<Record<string, unknown>>;
  readonly relationships?: Readonly<Record<string, JsonApiRelationship>>;
}

/**
 * One entry of `meta.decorators`: the attributes of a record that match the search.
 *
 * @example
 * ```ts
 * const decorator: JsonApiSearchDecorator = { id: '12', search: ['title'] };
 * ```
 */
export interface JsonApiSearchDecorator {
  readonly id: string;
  readonly search: readonly string[];
}

/**
 * A JSON:API response document of the agent (docs/agent-protocol.md#jsonapi-documents): `data` is
 * an array for lists, an object or `null` for one record; `included` holds the related records
 * (absent when there is none); `meta.decorators` the search highlights of lists
 * (docs/agent-protocol.md#search-highlights).
 *
 * @example
 * ```ts
 * const document: JsonApiDocument = {
 *   jsonapi: { version: '1.0' },
 *   data: [{ type: 'books', id: '12', attributes: { id: 12, title: 'Dune' } }],
 *   meta: { decorators: { '0': { id: '12', search: ['title'] } } },
 * };
 * ```
 */
export interface JsonApiDocument {
  readonly jsonapi: { readonly version: '1.0' };
  readonly data: JsonApiResource | JsonApiResource[] | null;
  readonly included?: JsonApiResource[];
  readonly meta?: { readonly decorators?: Readonly<Record<string, JsonApiSearchDecorator>> };
}
