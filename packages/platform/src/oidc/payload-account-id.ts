/**
 * The user an object of the OpenID provider belongs to, as the provider writes it: `accountId`
 * on sessions, grants, tokens, codes and device codes; the signed-in account of an interaction
 * (`result.login.accountId`, kept until the interaction resumes into a session). Null for
 * objects of no user (clients, interactions before sign-in).
 *
 * @example
 * ```ts
 * payloadAccountId({ kind: 'Grant', accountId: '7' }); // '7'
 * ```
 */
export function payloadAccountId(payload: Readonly<Record<string, unknown>>): string | null {
  const login = (payload.result as { login?: { accountId?: unknown } } | undefined)?.login;
  const accountId = payload.accountId ?? login?.accountId;

  return typeof accountId === 'string' && accountId !== '' ? accountId.slice(0, 255) : null;
}
