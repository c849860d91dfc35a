import type { PlatformHttp } from '../http/platform-http';
import type {
  EnvironmentPermissions,
  PlatformUser,
  RenderingPermissions,
} from './permission-types';

/**
 * Fetches the environment's rights (`GET /liana/v4/permissions/environment`).
 *
 * @example
 * ```ts
 * const rights = await getEnvironmentPermissions(http); // `true` in development
 * ```
 */
export async function getEnvironmentPermissions(
  http: PlatformHttp,
): Promise<EnvironmentPermissions> {
  const answer = await http.request<EnvironmentPermissions | undefined>({
    method: 'GET',
    path: '/liana/v4/permissions/environment',
  });

  return answer === true ? true : { collections: answer?.collections ?? {} };
}

/**
 * Fetches every user of the environment (`GET /liana/v4/permissions/users`).
 *
 * @example
 * ```ts
 * const ada = (await getUsers(http)).find(user => user.id === 12);
 * ```
 */
export async function getUsers(http: PlatformHttp): Promise<PlatformUser[]> {
  const answer = await http.request<unknown>({
    method: 'GET',
    path: '/liana/v4/permissions/users',
  });

  return Array.isArray(answer) ? (answer as PlatformUser[]) : [];
}

/**
 * Fetches a rendering's scopes, segments and allowed charts
 * (`GET /liana/v4/permissions/renderings/<renderingId>`).
 *
 * @example
 * ```ts
 * const { collections, stats, team } = await getRenderingPermissions(http, 34);
 * ```
 */
export async function getRenderingPermissions(
  http: PlatformHttp,
  renderingId: number,
): Promise<RenderingPermissions> {
  const answer = await http.request<Partial<RenderingPermissions> | undefined>({
    method: 'GET',
    path: `/liana/v4/permissions/renderings/${encodeURIComponent(String(renderingId))}`,
  });

  return {
    team: answer?.team ?? { id: 0, name: '' },
    collections: answer?.collections ?? {},
    stats: answer?.stats ?? [],
  };
}
