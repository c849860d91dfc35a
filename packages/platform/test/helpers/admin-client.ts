import { hashPassword } from '../../src';
import type { Platform, PlatformDatabase, PlatformEvent } from '../../src';

/** What an admin API call answered. */
export interface AdminResponse {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  readonly body: any;
}

/** Options of one call: another CSRF token (or none), another content type, a raw body. */
export interface CallOptions {
  readonly csrf?: string | null;
  readonly contentType?: string;
  readonly rawBody?: string;
}

/** A logged-in console user: calls carry the session cookie and the CSRF header. */
export interface AdminClient {
  readonly cookie: string;
  readonly csrfToken: string;
  readonly userId: number;
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<AdminResponse>;
}

/** Calls the platform's admin API with fetch (no cookie unless given). */
export async function callAdmin(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  rawBody?: string,
): Promise<AdminResponse> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined && rawBody === undefined
        ? {}
        : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();

  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

/** Logs in through `POST /api/admin/session` and returns a client holding the session. */
export async function loginAdmin(
  platform: Platform,
  email: string,
  password: string,
): Promise<AdminClient> {
  const login = await callAdmin(platform.url, 'POST', '/api/admin/session', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = login.body.data;

  return {
    cookie,
    csrfToken,
    userId: login.body.data.user.id,
    call: (method, path, body, options = {}) => {
      const headers: Record<string, string> = { cookie };
      const csrf = options.csrf === undefined ? csrfToken : options.csrf;
      if (csrf !== null) headers['x-csrf-token'] = csrf;
      if (options.contentType) headers['content-type'] = options.contentType;

      return callAdmin(platform.url, method, path, body, headers, options.rawBody);
    },
  };
}

/** Logs in as the bootstrap admin. */
export function loginBootstrapAdmin(platform: Platform): Promise<AdminClient> {
  return loginAdmin(platform, platform.bootstrap!.adminEmail, platform.bootstrap!.adminPassword);
}

/**
 * Every row of the tables the admin API writes, to assert that a refused request changed
 * nothing (sessions excluded: logging in writes them).
 */
export async function snapshotDatabase(db: PlatformDatabase): Promise<unknown> {
  const { models } = db;
  const tables = {
    User: models.User,
    Project: models.Project,
    Environment: models.Environment,
    Team: models.Team,
    Role: models.Role,
    ProjectMember: models.ProjectMember,
    TeamMember: models.TeamMember,
    RoleCollectionRight: models.RoleCollectionRight,
    RoleActionRight: models.RoleActionRight,
    Rendering: models.Rendering,
    Invitation: models.Invitation,
    AdminLog: models.AdminLog,
    Workflow: models.Workflow,
    WorkflowRun: models.WorkflowRun,
    ApiToken: models.ApiToken,
  };
  const snapshot: Record<string, unknown> = {};
  for (const [name, model] of Object.entries(tables)) {
    snapshot[name] = await (model as typeof models.Team).findAll({
      order: [['id', 'ASC']],
      raw: true,
    });
  }

  return JSON.parse(JSON.stringify(snapshot));
}

/** Collects the events the platform publishes from now on. */
export function recordEvents(platform: Platform): { events: PlatformEvent[]; stop(): void } {
  const events: PlatformEvent[] = [];
  const stop = platform.context.events.subscribe(event => events.push(event));

  return { events, stop };
}

/** Creates a user with a password and makes them a member of a project with a role (fixture). */
export async function addMember(
  platform: Platform,
  projectId: number,
  roleName: string,
  email: string,
  password = 'a long enough password',
): Promise<number> {
  const { models } = platform.context.db;
  const user = await models.User.create({
    email,
    firstName: 'Test',
    lastName: roleName,
    passwordHash: await hashPassword(password),
    permissionLevel: 'user',
  });
  const role = await models.Role.findOne({ where: { projectId, name: roleName } });
  await models.ProjectMember.create({ projectId, userId: user.id, roleId: role!.id });

  return user.id;
}

/**
 * Runs a refused request and asserts that it changed nothing: the tables the admin API writes
 * (admin logs included) are as before, and no refresh event was published.
 */
export async function expectNothingChanged(
  platform: Platform,
  run: () => Promise<void>,
): Promise<void> {
  const before = await snapshotDatabase(platform.context.db);
  const { events, stop } = recordEvents(platform);
  await run();
  stop();
  expect(await snapshotDatabase(platform.context.db)).toEqual(before);
  expect(events).toEqual([]);
}
