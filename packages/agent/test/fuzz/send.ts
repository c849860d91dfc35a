import { request } from 'node:http';

/** What the suite observed of one request. */
export interface Observed {
  readonly status: number;
  /** Milliseconds from sending to the end of the response (or the error). */
  readonly ms: number;
  /** The first bytes of the body, for reports. */
  readonly excerpt: string;
  /** A transport error (reset, hang up, timeout) instead of a response. */
  readonly error?: string;
}

/**
 * Sends one raw request (the path is sent as is, the body as UTF-8 text) and reads the whole
 * answer. Never throws: transport errors and the client-side timeout are part of the result.
 *
 * @example
 * ```ts
 * const seen = await send(url, 'GET', '/forest', {});
 * seen.status; // 200
 * ```
 */
export function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  timeoutMs = 30_000,
): Promise<Observed> {
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);

  return new Promise(resolve => {
    let done = false;
    const finish = (observed: Observed) => {
      if (done) return;
      done = true;
      resolve(observed);
    };
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const outgoing = request(`${base}${path}`, {
      method,
      headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers,
      timeout: timeoutMs,
      insecureHTTPParser: true,
    });
    outgoing.on('response', incoming => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        if (size < 4096) chunks.push(chunk);
        size += chunk.length;
      });
      incoming.on('end', () =>
        finish({
          status: incoming.statusCode ?? 0,
          ms: elapsed(),
          excerpt: Buffer.concat(chunks).toString('utf8').slice(0, 300),
        }),
      );
      incoming.on('error', error =>
        finish({
          status: incoming.statusCode ?? 0,
          ms: elapsed(),
          excerpt: '',
          error: error.message,
        }),
      );
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer after ${timeoutMs} ms`)));
    outgoing.on('error', error =>
      finish({ status: 0, ms: elapsed(), excerpt: '', error: error.message }),
    );
    if (payload) outgoing.write(payload);
    outgoing.end();
  });
}
