import type { Request } from 'express';

/** The user an activity-log call is made for. */
export interface ActivityUser {
  readonly id: number;
  readonly email: string;
  /** The environment of the agent the caller's token was issued to, when known. */
  readonly tokenEnvironmentId?: number | null;
}

/** Where a log goes: its environment, and the rendering and team the user acted through. */
export interface ActivityLogTarget {
  readonly environmentId: number;
  readonly renderingId: number | null;
  /** The name of the rendering's team, copied into the log. */
  readonly teamName: string | null;
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
  /** The environment, rendering and team of a log, from the body's rendering id; throws 403/404. */
  resolveTarget(user: ActivityUser, renderingId: number | undefined): Promise<ActivityLogTarget>;
  /** Called once a log is stored (sandbox mode keeps the raw body for tests). */
  recorded?(log: RecordedActivityLog): void;
  /** Called once a log's status changed. */
  statusChanged?(id: string, status: string): void;
}
