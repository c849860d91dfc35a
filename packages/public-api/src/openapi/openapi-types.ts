import type { JsonSchema } from './openapi-schemas';

/**
 * An OpenAPI 3.1 document, as plain JSON.
 *
 * @example
 * ```ts
 * const document: OpenApiDocument = publicApiOpenApiDocument('https://grove.example.com');
 * ```
 */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: Readonly<Record<string, unknown>>;
  readonly servers: readonly { readonly url: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly securitySchemes: Readonly<Record<string, unknown>>;
  };
}

/**
 * One operation: what the validator reads of it.
 *
 * @example
 * ```ts
 * const operation: OpenApiOperation = document.paths['/v1/openapi.json']!.get!;
 * ```
 */
export interface OpenApiOperation {
  readonly operationId: string;
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  readonly [key: string]: unknown;
}

/**
 * One response of an operation.
 *
 * @example
 * ```ts
 * const notFound: OpenApiResponse | undefined = operation.responses['404'];
 * ```
 */
export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Readonly<
    Record<string, { readonly required?: boolean; readonly schema: JsonSchema }>
  >;
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}
