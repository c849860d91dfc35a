import type { OpenApiParameter } from './openapi-parameters';
import type { JsonSchema } from './openapi-schemas';
import type { OpenApiOperation, OpenApiResponse } from './openapi-types';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const digits: JsonSchema = { type: 'string', pattern: '^[0-9]+$' };

/** Headers of every response: the request id and the tightest rate-limit window. */
const COMMON_HEADERS = {
  'X-Token-Scopes': {
    required: false,
    description: 'The scopes of the token (once it is authenticated).',
    schema: { type: 'string' },
  },
  'X-Request-Id': {
    required: true,
    description: 'Echoed in error bodies as `request_id`.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    required: true,
    description: 'Quota of the tightest window.',
    schema: digits,
  },
  'X-RateLimit-Remaining': { required: true, description: 'Requests left in it.', schema: digits },
  'X-RateLimit-Reset': {
    required: true,
    description: 'When it resets (epoch seconds).',
    schema: digits,
  },
};

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Invalid parameter, body, or webhook URL (`invalid_parameter`, `invalid_json`, `invalid_webhook_url`, `superseded_url`); `param` names the culprit.',
  401: 'Missing, malformed, unknown or revoked token (`invalid_token`), or expired (`token_expired`).',
  403: 'The token lacks the scope or level, or its owner the role (`insufficient_scope`).',
  404: "Unknown project (or another project than the token's), environment or resource.",
  409: 'Conflict: a run is ongoing on this record (`run_in_progress`), or the note is archived.',
  413: 'Body too large (`payload_too_large`) or content over the limit (`content_too_large`).',
  415: 'The body must be application/json.',
  429: 'Rate limit exceeded (`rate_limited`); see `Retry-After`.',
  500: 'Unexpected error (`internal_error`); nothing internal is shown.',
};

/** The error response of a status: the `Error` body and the headers of every response. */
export function errorResponse(status: number): OpenApiResponse {
  const extra: Record<string, unknown> =
    status === 429
      ? { 'Retry-After': { required: true, schema: digits } }
      : status === 403
        ? {
            'X-Accepted-Scopes': {
              required: false,
              description: 'Scopes that grant the operation (with `insufficient_scope`).',
              schema: { type: 'string' },
            },
          }
        : {};

  return {
    description: ERROR_TEXT[status] ?? 'Error',
    headers: { ...COMMON_HEADERS, ...extra },
    content: { 'application/json': { schema: ref('Error') } },
  };
}

/** What an operation of the document is made of. */
export interface OperationSpec {
  readonly id: string;
  readonly summary: string;
  readonly tag: string;
  readonly scopes: string;
  readonly parameters: readonly OpenApiParameter[];
  readonly body?: string;
  readonly status: number;
  readonly schema: string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly errors: readonly number[];
  readonly secured?: boolean;
}

/** Builds an operation: its success response, its error responses, the headers of all. */
export function operation(spec: OperationSpec): OpenApiOperation {
  const responses: Record<string, OpenApiResponse> = {
    [spec.status]: {
      description: spec.summary,
      headers: { ...COMMON_HEADERS, ...spec.headers },
      content: { [spec.contentType ?? 'application/json']: { schema: ref(spec.schema) } },
    },
  };
  for (const status of spec.errors) responses[status] = errorResponse(status);

  return {
    operationId: spec.id,
    summary: spec.summary,
    description: spec.scopes,
    tags: [spec.tag],
    ...(spec.secured === false ? { security: [] } : {}),
    parameters: spec.parameters,
    ...(spec.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(spec.body) } },
          },
        }),
    responses,
  };
}

/** Errors of reads and of writes. */
export const READ_ERRORS = [400, 401, 403, 404, 429, 500];
export const WRITE_ERRORS = [400, 401, 403, 404, 409, 413, 415, 429, 500];
