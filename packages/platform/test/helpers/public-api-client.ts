import {
  createOpenApiResponseValidator,
  publicApiOpenApiDocument,
  readResponseToValidate,
} from '@grove/public-api';

/** A `/v1` answer, already checked against the OpenAPI document. */
export interface PublicApiAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** Calls `/v1` of a platform with a token; every answer is validated against `/v1/openapi.json`'s document. */
export type PublicApiCall = (
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
) => Promise<PublicApiAnswer>;

/**
 * A client of a platform's public API for tests: each response must conform to the OpenAPI
 * document (the test fails otherwise), so every test that uses it also tests the contract.
 */
export function publicApiClient(platformUrl: string): PublicApiCall {
  const validate = createOpenApiResponseValidator(publicApiOpenApiDocument(platformUrl));

  return async (method, path, token, body) => {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${platformUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const checked = await readResponseToValidate(method, path, response);
    expect(validate(checked)).toEqual([]);
    const parsed = checked.body === '' ? undefined : checked.body;

    return {
      status: response.status,
      headers: response.headers,
      body: (parsed ?? {}) as Record<string, unknown>,
    };
  };
}
