import type { Platform } from '../../src';
import { codeFlowTokens, discover } from '../oidc/helpers/oidc-flows';
import { addMember } from './admin-client';
import { deviceFlowToken } from './device-login';

/** A member of the bootstrap project, in a team, with a real user access token. */
export interface TokenUser {
  readonly id: number;
  readonly email: string;
  readonly token: string;
}

/**
 * How {@link memberWithToken} logs the member in: `agent-login`, the code flow with PKCE as the
 * bootstrap environment's agent (the frontend's user token); `device`, the device flow as the
 * `grove-cloud` CLI (the token of `/api/hosted-agent`).
 */
export type TokenLogin = 'agent-login' | 'device';

/**
 * Creates a member of the bootstrap project with a role, puts them in a team (by name) and logs
 * them in through the platform's login pages to get a user access token of the `login` kind.
 */
export async function memberWithToken(
  platform: Platform,
  roleName: string,
  teamName: string,
  email: string,
  login: TokenLogin = 'agent-login',
): Promise<TokenUser> {
  const bootstrap = platform.bootstrap!;
  const { models } = platform.context.db;
  const password = 'a long enough password';
  const id = await addMember(platform, bootstrap.project.id, roleName, email, password);
  const team = await models.Team.findOne({
    where: { projectId: bootstrap.project.id, name: teamName },
  });
  await models.TeamMember.create({ teamId: team!.id, userId: id });
  const token =
    login === 'device'
      ? await deviceFlowToken(platform.url, { email, password })
      : (
          await codeFlowTokens(await discover(platform.url), bootstrap.envSecret, {
            email,
            password,
          })
        ).accessToken;

  return { id, email, token };
}

/** Creates a team of the bootstrap project with its rendering in the bootstrap environment. */
export async function addTeamWithRendering(platform: Platform, name: string): Promise<number> {
  const bootstrap = platform.bootstrap!;
  const { models } = platform.context.db;
  const team = await models.Team.create({ projectId: bootstrap.project.id, name });
  const rendering = await models.Rendering.create({
    teamId: team.id,
    environmentId: bootstrap.environment.id,
  });

  return rendering.id;
}

/** The rendering of a team of the bootstrap project in the bootstrap environment. */
export async function renderingOf(platform: Platform, teamName: string): Promise<number> {
  const bootstrap = platform.bootstrap!;
  const { models } = platform.context.db;
  const team = await models.Team.findOne({
    where: { projectId: bootstrap.project.id, name: teamName },
  });
  const rendering = await models.Rendering.findOne({
    where: { teamId: team!.id, environmentId: bootstrap.environment.id },
  });

  return rendering!.id;
}

/** A JSON call with an optional Bearer token and extra headers. */
export async function callWithToken(
  url: string,
  method: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();

  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
