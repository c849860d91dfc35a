import { answeredStatus, objectBody } from '../http/answered-status';
import type { PlatformHttp } from '../http/platform-http';

/** The platform's answer to a relayed token request: its status and its JSON body. */
export interface RelayedToken {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/**
 * Relays an OAuth token request to the platform (`POST /oauth/token`, JSON, with the env secret)
 * and returns its answer as is, whatever its status: an OAuth error (`{ error,
 * error_description }`) is the caller's to pass on.
 *
 * @throws The `PlatformHttp` error of a call that got no answer.
 *
 * @example
 * ```ts
 * const { status, body } = await relayToken(http, { grant_type: 'refresh_token', refresh_token, client_id });
 * ```
 */
export async function relayToken(
  http: PlatformHttp,
  body: Readonly<Record<string, unknown>>,
): Promise<RelayedToken> {
  try {
    const answer = await http.request({
      method: 'POST',
      path: '/oauth/token',
      body,
      expectStatus: 200,
    });

    return { status: 200, body: objectBody(answer) };
  } catch (error) {
    const status = answeredStatus(error);
    if (status === undefined) throw error;

    return { status, body: objectBody((error as { data?: { body?: unknown } }).data?.body) };
  }
}
