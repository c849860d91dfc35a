import type { PlatformHttp } from '../http/platform-http';

/** Timeout of the schema upload (the document can be large). */
export const schemaUploadTimeoutMs = 30_000;

/**
 * Asks the platform whether it already knows a schema hash (`POST /forest/apimaps/hashcheck`).
 * Returns `true` when the schema must be sent.
 *
 * @example
 * ```ts
 * if (await checkSchemaHash(http, hash)) await uploadSchema(http, apimap);
 * ```
 */
export async function checkSchemaHash(http: PlatformHttp, hash: string): Promise<boolean> {
  const answer = await http.request<{ sendSchema?: unknown } | undefined>({
    method: 'POST',
    path: '/forest/apimaps/hashcheck',
    body: { schemaFileHash: hash },
  });

  return answer?.sendSchema === true;
}

/**
 * Sends the JSON:API schema document (`POST /forest/apimaps`, 30 s timeout). The answer body is
 * ignored: any 2xx is success.
 *
 * @example
 * ```ts
 * await uploadSchema(http, { jsonapi: { version: '1.0' }, data: [], included: [], meta });
 * ```
 */
export async function uploadSchema(http: PlatformHttp, apimap: unknown): Promise<void> {
  await http.request({
    method: 'POST',
    path: '/forest/apimaps',
    body: apimap,
    timeoutMs: schemaUploadTimeoutMs,
  });
}
