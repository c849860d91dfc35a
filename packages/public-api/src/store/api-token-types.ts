/** The API tokens and callers of the `/v1` API (the store contract's part about who calls). */

/** The scopes of a token (docs/public-api.md#scopes, plus `workflows:trigger` for the webhook). */
export type ApiTokenScope =
  | 'activity_logs:read'
  | 'admin_logs:read'
  | 'notes:read'
  | 'notes:write'
  | 'workflows:trigger'
  | 'all';

/**
 * The permission level of a token (docs/public-api.md#permission-levels): writes need `read-write`.
 */
export type ApiTokenLevel = 'read-only' | 'read-write';

/** A token as stored: never its value, only what identifies and limits it. */
export interface StoredApiToken {
  readonly id: string;
  readonly name: string;
  readonly projectId: number;
  /** The project's name, matched case-sensitively against `{projectName}` in paths. */
  readonly projectName: string;
  readonly userId: number;
  readonly level: ApiTokenLevel;
  readonly scopes: readonly ApiTokenScope[];
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  readonly createdAt: Date;
}

/**
 * The owner of a token as of this request, in the token's project: a token never exceeds it
 * (demoted ⇒ narrowed, removed ⇒ refused).
 */
export interface TokenOwner {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  /** The owner holds the Admin role of the token's project right now. */
  readonly isProjectAdmin: boolean;
}

/** Who calls: a valid, unrevoked, unexpired token and its current owner. */
export interface PublicApiCaller {
  readonly token: StoredApiToken;
  readonly owner: TokenOwner;
}
