import type { ApiTokenScope, PublicApiCaller } from '../store/api-token-types';
import { PublicApiError, notFound } from './public-api-error';

/** What an operation needs of the caller's token and owner. */
export interface AccessRule {
  /** The scope that grants it (`all` always does). */
  readonly scope: Exclude<ApiTokenScope, 'all'>;
  /** Writes need a `read-write` token. */
  readonly write: boolean;
  /** Logs and notes need the owner to be an Admin of the project right now (vendor rule). */
  readonly projectAdmin: boolean;
}

/**
 * Checks a token's scope and level, and its owner's role: the 403 of docs/public-api.md#errors with
 * `X-Accepted-Scopes` otherwise.
 *
 * @example
 * ```ts
 * requireAccess(caller, { scope: 'notes:write', write: true, projectAdmin: true });
 * ```
 */
export function requireAccess(caller: PublicApiCaller, rule: AccessRule): void {
  const { scopes, level } = caller.token;
  const scoped = scopes.includes(rule.scope) || scopes.includes('all');
  const levelled = !rule.write || level === 'read-write';
  const admin = !rule.projectAdmin || caller.owner.isProjectAdmin;
  if (scoped && levelled && admin) return;
  throw new PublicApiError('insufficient_scope', 'Insufficient permissions for this operation', {
    headers: { 'X-Accepted-Scopes': `${rule.scope}, all` },
  });
}

/** `{projectName}` must be the token's project, exactly (case-sensitive); else a 404. */
export function requireProject(caller: PublicApiCaller, projectName: string): void {
  if (projectName !== caller.token.projectName) throw notFound('Project');
}
