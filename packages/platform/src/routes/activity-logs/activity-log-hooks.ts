import type { Request } from 'express';

/** The user an activity-log call is made for. */
export interface ActivityUser {
  readonly id: number;
  readonly email: string;
  /** The environment of the agent the caller's token was issued to, when known. */
  readonly tokenEnvironmentId?: number | null;
}

/** A stored activity log, as the hooks see it. */
export interface RecordedActivityLog {
  readonly id: string;
  readonly body: unknown;
  readonly status: string;
}

/**
 * What the activity-log routes leave to their mode: who the caller is and which environment a
 * log belongs to. Standard mode checks the Bearer user token and the user's access to the
 * rendering; sandbox mode accepts every caller as the sandbox user.
 */
export interface ActivityLogHooks {
  /** The storage index named in the answers (and the PATCH path). */
  readonly index: string;
  /**
   * When true, a status changes once, from `pending` to `completed` or `failed` (standard mode);
   * else any of the three statuses may be set any time (sandbox mode).
   */
  readonly finalStatusesOnly?: boolean;
  /** The caller, from the request's `Authorization: Bearer <user token>`; throws a 401 GroveError. */
  resolveActivityUser(req: Request): Promise<ActivityUser>;
  /** The environment of a log, from the rendering id the body names (if any); throws 403/404. */
  resolveEnvironmentId(user: ActivityUser, renderingId: number | undefined): Promise<number>;
  /** Called once a log is stored (sandbox mode keeps the raw body for tests). */
  recorded?(log: RecordedActivityLog): void;
  /** Called once a log's status changed. */
  statusChanged?(id: string, status: string): void;
}
