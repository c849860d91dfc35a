import { GroveError } from '@grove/datasource-toolkit';
import { objectBody } from '../http/answered-status';
import type { PlatformHttp } from '../http/platform-http';

/** The environment an env secret belongs to (`GET /liana/environment`). */
export interface PlatformEnvironment {
  readonly id: number;
  /** The agent's public URL registered on the platform, when one is. */
  readonly apiEndpoint: string | null;
}

const path = '/liana/environment';

/**
 * Reads the environment of the env secret (`GET /liana/environment`, 200 only). An answer
 * without a numeric id fails like a refusal: a `ValidationError` whose `data.status` is 200.
 *
 * @throws The `PlatformHttp` error of any other answer (`data.status`), or of no answer.
 *
 * @example
 * ```ts
 * const { id, apiEndpoint } = await getEnvironment(http);
 * ```
 */
export async function getEnvironment(http: PlatformHttp): Promise<PlatformEnvironment> {
  const body = objectBody(await http.request({ method: 'GET', path, expectStatus: 200 }));
  const data = objectBody(body.data);
  const id = Number(data.id);
  if (!Number.isSafeInteger(id)) {
    throw new GroveError(
      'ValidationError',
      `the platform at ${http.url(path)} named no environment`,
      {
        data: { status: 200, body },
      },
    );
  }
  const endpoint = objectBody(data.attributes).api_endpoint;

  return { id, apiEndpoint: typeof endpoint === 'string' && endpoint ? endpoint : null };
}
