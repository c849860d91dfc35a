/** Options of {@link createApiToken}. */
export interface CreateApiTokenOptions {
  readonly platformUrl: string;
  readonly projectId: number;
  readonly admin: { readonly email: string; readonly password: string };
  /** Default `['activity_logs:read']`. */
  readonly scopes?: readonly string[];
}

async function expectJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 500)}`);

  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * A public-API token created as a console user would: a session through the admin API
 * (`POST /api/admin/session`), then `POST /api/admin/projects/:id/api-tokens` with the session
 * cookie and its CSRF token. Answers the token's value (shown once).
 *
 * @example
 * ```ts
 * const token = await createApiToken({ platformUrl, projectId: 1, admin: { email, password } });
 * await fetch(`${platformUrl}/v1/project/My%20project/…`, { headers: { authorization: `Bearer ${token}` } });
 * ```
 */
export async function createApiToken(options: CreateApiTokenOptions): Promise<string> {
  const login = await fetch(`${options.platformUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options.admin),
  });
  const session = (await expectJson(login, 'The admin login')) as {
    data: { csrfToken: string };
  };
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(
    `${options.platformUrl}/api/admin/projects/${options.projectId}/api-tokens`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        'x-csrf-token': session.data.csrfToken,
      },
      body: JSON.stringify({
        name: `bench ${Date.now()}`,
        level: 'read-only',
        scopes: options.scopes ?? ['activity_logs:read'],
      }),
    },
  );
  const { token } = await expectJson(created, 'The API token creation');
  if (typeof token !== 'string') throw new Error('The API token creation answered no token');

  return token;
}
