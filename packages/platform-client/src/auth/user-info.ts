import type { PermissionLevel } from '@grove/datasource-toolkit';
import type { PlatformHttp } from '../http/platform-http';
import type { AgentUser } from './agent-user';

/**
 * The user the agent signs its token with (docs/platform-protocol.md#session-users): the one
 * {@link AgentUser} shape, as the platform's user info answers it (level and rendering always
 * set, never a delegation). A type, so that it goes where claim records are expected.
 */
export type AuthenticatedUser = Omit<
  AgentUser,
  'permissionLevel' | 'renderingId' | 'delegation'
> & {
  readonly permissionLevel: PermissionLevel;
  readonly renderingId: number;
};

interface UserInfoAnswer {
  data?: { id?: string | number; attributes?: Record<string, unknown> };
}

/**
 * Fetches who logged in on a rendering (`GET /liana/v2/renderings/<id>/authorization`, with the
 * env secret and `forest-token: <access token>`). A 403 (user refused) surfaces as a
 * `ForbiddenError`.
 *
 * @example
 * ```ts
 * const user = await getUserInfo(http, 34, accessToken);
 * ```
 */
export async function getUserInfo(
  http: PlatformHttp,
  renderingId: number,
  accessToken: string,
): Promise<AuthenticatedUser> {
  const answer = await http.request<UserInfoAnswer | undefined>({
    method: 'GET',
    path: `/liana/v2/renderings/${encodeURIComponent(String(renderingId))}/authorization`,
    headers: { 'forest-token': accessToken },
  });
  const attributes = answer?.data?.attributes ?? {};
  const teams = Array.isArray(attributes.teams) ? attributes.teams : [];
  const tagList = Array.isArray(attributes.tags) ? attributes.tags : [];
  const tags = Object.fromEntries(
    tagList.map((tag: { key?: unknown; value?: unknown }) => [String(tag.key), String(tag.value)]),
  );

  return {
    id: Number(answer?.data?.id),
    email: String(attributes.email ?? ''),
    firstName: String(attributes.first_name ?? ''),
    lastName: String(attributes.last_name ?? ''),
    team: String(teams[0] ?? ''),
    role: String(attributes.role ?? ''),
    permissionLevel: attributes.permission_level as PermissionLevel,
    renderingId,
    tags,
  };
}
