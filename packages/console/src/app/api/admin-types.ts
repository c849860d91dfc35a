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
