import type { BenchAnswer, BenchHttpRequest, RequestKind, ValidationContext } from './request-kind';

/**
 * Sends one HTTP request of the benchmark to an agent and reads its whole answer.
 *
 * @example
 * ```ts
 * const answer = await sendRequest(target.url, token, listKind.request(0, context));
 * ```
 */
export async function sendRequest(
  url: string,
  token: string,
  request: BenchHttpRequest,
): Promise<BenchAnswer> {
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...request.headers,
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });

  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/**
 * Sends the n-th request of a kind to an agent and checks the answer against the database;
 * throws a `BenchValidationError` on a wrong answer.
 *
 * @example
 * ```ts
 * await validateKind(countKind, { url: target.url, token }, context);
 * ```
 */
export async function validateKind(
  kind: RequestKind,
  agent: { readonly url: string; readonly token: string },
  context: ValidationContext,
  n = 0,
): Promise<void> {
  const request = kind.request(n, context);
  const answer = await sendRequest(agent.url, agent.token, request);
  await kind.validate(answer, request, context);
}
