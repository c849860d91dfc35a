// What the admin API answers, as the console reads it (packages/platform/src/routes/admin).

export interface AdminUser {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly permissionLevel: string;
  readonly mustChangePassword?: boolean;
}

export interface AdminSession {
  readonly user: AdminUser;
  readonly csrfToken: string;
  readonly expiresAt: string;
}

export interface Project {
  readonly id: number;
  readonly name: string;
  readonly createdAt: string;
}

export interface Environment {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly agentUrl: string | null;
  readonly isProduction: boolean;
  readonly ipWhitelist: { readonly enabled: boolean; readonly rules: readonly unknown[] };
  readonly createdAt: string;
}

export interface Team {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
}

export interface Role {
  readonly id: number;
  readonly projectId: number;
  readonly name: string;
  readonly builtIn: boolean;
}

/** A list answer of the admin API. */
export interface DataOf<T> {
  readonly data: T;
}

// --- Tokens and logs (API tokens, activity logs, admin logs) ---

/** A scope of an API token (packages/platform/src/routes/admin/read-api-token-input.ts). */
export type ApiTokenScope =
  | 'activity_logs:read'
  | 'admin_logs:read'
  | 'notes:read'
  | 'notes:write'
  | 'workflows:trigger'
  | 'all';

/** An API token as the admin API lists it: never its value. */
export interface ApiToken {
  readonly id: number;
  readonly name: string;
  readonly level: 'read-only' | 'read-write';
  readonly scopes: readonly ApiTokenScope[];
  readonly displayHint: string;
  readonly status: 'active' | 'revoked' | 'expired';
  readonly owner: { readonly id: number; readonly email: string | null };
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
}

/** The answer of a token creation: the value, shown this once. */
export interface CreatedApiToken {
  readonly token: string;
  readonly apiToken: ApiToken;
}

/** An activity log (the `/v1` shape). */
export interface ActivityLog {
  readonly id: string;
  readonly type: 'read' | 'write';
  readonly action: string;
  readonly label?: string;
  readonly recordIds?: readonly string[];
  readonly createdAt: string;
  readonly user: { readonly email: string; readonly username: string };
  readonly collection?: { readonly name: string };
  readonly team: { readonly name: string };
  readonly source: string;
  readonly status: string;
}

/** An admin log: one change of the project's settings, with its values before and after. */
export interface AdminLog {
  readonly id: number;
  readonly resourceType: string;
  readonly resourceId: string | null;
  readonly action: string;
  readonly previousValues: unknown;
  readonly newValues: unknown;
  readonly initiator: { readonly id: number | null; readonly email: string } | null;
  readonly createdAt: string;
}

/** A page of a log list: `nextCursor` continues it (null on the last page). */
export interface LogPage<T> {
  readonly data: readonly T[];
  readonly meta: { readonly nextCursor: string | null };
}
