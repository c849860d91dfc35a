/** The permission level of a user on the platform. */
export type PermissionLevel = 'admin' | 'developer' | 'editor' | 'user';

/**
 * Who is calling: the user behind a request, with the timezone every date rewrite uses.
 *
 * @example
 * ```ts
 * const caller: Caller = { id: 1, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace',
 *   team: 'Ops', role: 'Admin', tags: {}, timezone: 'Europe/Paris', renderingId: 1,
 *   permissionLevel: 'admin', request: { ip: '127.0.0.1' } };
 * ```
 */
export interface Caller {
  readonly id: number;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly team: string;
  readonly role: string;
  readonly tags: Readonly<Record<string, string>>;
  /** IANA timezone name, e.g. `Europe/Paris`. */
  readonly timezone: string;
  readonly renderingId?: number;
  readonly requestId?: string;
  readonly environment?: string;
  readonly project?: string;
  readonly permissionLevel?: PermissionLevel;
  readonly request?: { readonly ip: string };
}
