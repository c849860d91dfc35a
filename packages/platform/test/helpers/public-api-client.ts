import { createOpenApiResponseValidator, publicApiOpenApiDocument } from '@grove/public-api';

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
    const text = await response.text();
    const contentType = response.headers.get('content-type');
    const parsed: unknown = contentType?.includes('ndjson')
      ? text
          .split('\n')
          .filter(line => line !== '')
          .map(line => JSON.parse(line) as unknown)
      : text === ''
        ? undefined
        : (JSON.parse(text) as unknown);
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    expect(
      validate({
        method,
        path,
        status: response.status,
        contentType,
        body: parsed,
        headers: responseHeaders,
      }),
    ).toEqual([]);

    return {
      status: response.status,
      headers: response.headers,
      body: (parsed ?? {}) as Record<string, unknown>,
    };
  };
}
