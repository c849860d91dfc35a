import { objectBody } from '../http/answered-status';
import type { PlatformHttp } from '../http/platform-http';

/**
 * Reads the agent schema the platform stores for the environment (`GET /liana/forest-schema`,
 * 200 only), as a JSON object (`{}` when the answer is not one).
 *
 * @throws The `PlatformHttp` error of any other answer (`data.status`), or of no answer.
 *
 * @example
 * ```ts
 * const schema = await getStoredSchema(http); // { collections: [...] }
 * ```
 */
export async function getStoredSchema(http: PlatformHttp): Promise<Record<string, unknown>> {
  return objectBody(
    await http.request({ method: 'GET', path: '/liana/forest-schema', expectStatus: 200 }),
  );
}
