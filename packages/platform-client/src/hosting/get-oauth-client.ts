import { answeredStatus, objectBody } from '../http/answered-status';
import type { PlatformHttp } from '../http/platform-http';

/** The client ids the platform issues (RFC 7591 registration): letters, digits, `_` and `-`. */
const CLIENT_ID = /^[\w-]{1,128}$/;

/**
 * Reads the RFC 7591 record of an OAuth client (`GET /oauth/register/<id>`, without the env
 * secret): the record, or `null` when the id is malformed or the platform answers anything but
 * 200.
 *
 * @throws The `PlatformHttp` error of a call that got no answer.
 *
 * @example
 * ```ts
 * const client = await getOAuthClient(http, clientId);
 * if (client && Array.isArray(client.redirect_uris)) console.log(client.redirect_uris);
 * ```
 */
export async function getOAuthClient(
  http: PlatformHttp,
  clientId: string,
): Promise<Record<string, unknown> | null> {
  if (!CLIENT_ID.test(clientId)) return null;
  try {
    return objectBody(
      await http.request({
        method: 'GET',
        path: `/oauth/register/${encodeURIComponent(clientId)}`,
        withoutSecret: true,
        expectStatus: 200,
      }),
    );
  } catch (error) {
    if (answeredStatus(error) !== undefined) return null;
    throw error;
  }
}
