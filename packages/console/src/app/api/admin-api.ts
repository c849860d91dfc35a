import { readApiError } from './api-error';

/** Where the admin API is. */
export const ADMIN_API = '/api/admin';

/**
 * The CSRF token of the session, kept in memory only (never in storage): the platform sends it
 * with the session (`GET /api/admin/session`) and checks it on every change.
 */
let csrfToken = '';

/** Remembers the session's CSRF token (after login or a session read). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when a call answers 401 (session expired): the app goes back to the sign-in page. */
let onUnauthorized: () => void = () => undefined;

/** Sets what happens when the session is gone. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Calls the admin API: the session cookie goes along (HttpOnly, the script never sees it), the
 * CSRF header on every change, JSON both ways. Answers the parsed body (`undefined` for 204);
 * throws an {@link ApiError} otherwise.
 *
 * @example
 * ```ts
 * const { data } = await api<{ data: Project[] }>('GET', '/projects');
 * ```
 */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${ADMIN_API}${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) {
    const error = await readApiError(response);
    if (response.status === 401 && path !== '/session') onUnauthorized();
    throw error;
  }
  if (response.status === 204) return undefined as T;

  return (await response.json()) as T;
}

/** A query string of the defined, non-empty values (`?a=1&b=x`), or ''. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();

  return text ? `?${text}` : '';
}
