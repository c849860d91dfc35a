import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openapi-types';

/**
 * A response to check against the document.
 *
 * @example
 * ```ts
 * const response: ResponseToValidate = { method: 'GET', path: '/v1/openapi.json', status: 200,
 *   contentType: 'application/json', body: document };
 * ```
 */
export interface ResponseToValidate {
  readonly method: string;
  /** The concrete path (`/v1/project/acme/admin-logs`); a query string is ignored. */
  readonly path: string;
  readonly status: number;
  /** The `Content-Type` header (parameters such as `charset` are ignored). */
  readonly contentType: string | null;
  /** The parsed body: JSON, or for `application/x-ndjson` the array of parsed lines. */
  readonly body: unknown;
  /** Response headers (lower-case names): when given, required documented headers are checked. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Checks a response against an OpenAPI document: the empty list means it conforms.
 *
 * @example
 * ```ts
 * const validate: OpenApiResponseValidator = createOpenApiResponseValidator(document);
 * ```
 */
export type OpenApiResponseValidator = (response: ResponseToValidate) => string[];

const DOCUMENT_ID = 'urn:grove:public-api:openapi';

interface Route {
  readonly pattern: RegExp;
  readonly template: string;
  readonly operations: Readonly<Record<string, OpenApiOperation>>;
}

function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).map(([template, operations]) => ({
    template,
    operations,
    pattern: new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map(part => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
  }));
}

/**
 * Builds a validator of responses against an OpenAPI 3.1 document (ajv's 2020-12 build and
 * ajv-formats): it finds the operation by method and concrete path, the response by status
 * (then `4XX`/`5XX`/`default`), the media type, and validates the body and required headers.
 *
 * @example
 * ```ts
 * const validate = createOpenApiResponseValidator(publicApiOpenApiDocument(url));
 * const problems = validate({ method: 'GET', path: '/v1/openapi.json', status: 200,
 *   contentType: 'application/json', body });
 * // problems: [] when the response conforms
 * ```
 */
export function createOpenApiResponseValidator(
  document: OpenApiDocument,
): OpenApiResponseValidator {
  // OpenAPI keywords (`example`, `discriminator`…) are not JSON Schema ones: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  const routes = routesOf(document);
  const compiled = new Map<string, ValidateFunction>();

  const validatorFor = (template: string, method: string, status: string, mediaType: string) => {
    const key = `${method} ${template} ${status} ${mediaType}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      const operation = routes.find(route => route.template === template)!.operations[method]!;
      const schema = operation.responses[status]!.content![mediaType]!.schema;
      validate = ajv.compile({
        $id: `${DOCUMENT_ID}:response-${compiled.size}`,
        ...rebase(schema),
      });
      compiled.set(key, validate);
    }

    return validate;
  };

  return response => {
    const method = response.method.toLowerCase();
    const path = response.path.split('?')[0]!;
    const route = routes.find(candidate => candidate.pattern.test(path));
    const operation = route?.operations[method];
    if (route === undefined || operation === undefined) {
      return [`no operation for ${response.method.toUpperCase()} ${path}`];
    }
    const status = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find(
      candidate => operation.responses[candidate] !== undefined,
    );
    if (status === undefined)
      return [`${operation.operationId}: status ${response.status} is not documented`];
    const documented: OpenApiResponse = operation.responses[status]!;
    const problems = headerProblems(operation.operationId, documented, response.headers);
    if (documented.content === undefined) return problems;
    const mediaType = (response.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (documented.content[mediaType] === undefined) {
      return [
        ...problems,
        `${operation.operationId} ${status}: content type "${mediaType}" is not documented`,
      ];
    }
    const validate = validatorFor(route.template, method, status, mediaType);
    const bodies =
      mediaType === 'application/x-ndjson' && Array.isArray(response.body)
        ? response.body
        : [response.body];
    bodies.forEach((body, index) => {
      if (validate(body)) return;
      const where = bodies.length > 1 ? ` line ${index + 1}` : '';
      for (const error of validate.errors ?? []) {
        problems.push(
          `${operation.operationId} ${status}${where}: ${error.instancePath || '/'} ${error.message ?? 'is invalid'}`,
        );
      }
    });

    return problems;
  };
}

/** Local `#/components/…` references point into the document added under its id. */
function rebase(schema: unknown): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOCUMENT_ID}#/`),
  ) as Record<string, unknown>;
}

function headerProblems(
  operationId: string,
  response: OpenApiResponse,
  headers: Readonly<Record<string, string>> | undefined,
): string[] {
  if (headers === undefined) return [];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required === true) problems.push(`${operationId}: header ${name} is missing`);
      continue;
    }
    const pattern = header.schema.pattern;
    if (typeof pattern === 'string' && !new RegExp(pattern).test(value)) {
      problems.push(`${operationId}: header ${name} "${value}" does not match ${pattern}`);
    }
  }

  return problems;
}
