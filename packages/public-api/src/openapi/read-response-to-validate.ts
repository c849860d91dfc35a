import type { ResponseToValidate } from './openapi-response-validator';

/**
 * Reads a `fetch` response of the API into what the OpenAPI validator checks: the parsed body
 * (JSON, the parsed lines of NDJSON, or the text), its content type and headers. Reads the body.
 *
 * @example
 * ```ts
 * const checked = await readResponseToValidate('GET', path, await fetch(url + path, init));
 * expect(validate(checked)).toEqual([]);
 * ```
 */
export async function readResponseToValidate(
  method: string,
  path: string,
  response: Response,
): Promise<ResponseToValidate> {
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  let body: unknown = text;
  if (contentType?.includes('ndjson')) {
    body = text
      .split('\n')
      .filter(line => line !== '')
      .map(line => JSON.parse(line) as unknown);
  } else if (contentType?.includes('json') && text !== '') {
    body = JSON.parse(text) as unknown;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });

  return { method, path, status: response.status, contentType, body, headers };
}
