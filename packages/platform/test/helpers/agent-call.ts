/** Calls the platform as an agent would: with the env secret header (omitted when undefined). */
export function agentCall(
  url: string,
  secret: string | undefined,
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (secret !== undefined) headers['forest-secret-key'] = secret;
  const hasBody = init.body !== undefined || init.rawBody !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';

  return fetch(`${url}${path}`, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
}

/** The error body every platform error has. */
export type ErrorBody = { errors: { status: number; code: string; detail: string }[] };
