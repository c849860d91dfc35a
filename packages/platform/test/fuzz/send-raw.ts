import { request } from 'node:http';

/** What the suite observed of one request. */
export interface RawAnswer {
  readonly status: number;
  /** Milliseconds from sending to the end of the answer (or the error). */
  readonly ms: number;
  /** The first bytes of the body, for reports. */
  readonly excerpt: string;
  /** A transport error (reset, hang up, the client-side timeout) instead of an answer. */
  readonly error?: string;
}

/** One request exactly as the suite sends it: the path and headers as they are. */
export interface RawRequest {
  readonly method: string;
  /** Path and query string, sent as is (malformed escapes included). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/**
 * Sends one request with `node:http` (no fetch normalisation: malformed paths, headers and bodies
 * reach the platform as generated) and reads the whole answer, measuring its duration. Never
 * throws: transport errors and the client-side timeout are part of the answer. An event stream
 * (`text/event-stream`) is answered when its headers arrive, then closed.
 *
 * @example
 * ```ts
 * const answer = await sendRaw(url, { method: 'GET', path: '/oidc/jwks', headers: {} });
 * answer.status; // 200
 * ```
 */
export function sendRaw(base: string, raw: RawRequest, timeoutMs = 30_000): Promise<RawAnswer> {
  const start = performance.now();
  const elapsed = () => Math.round(performance.now() - start);

  return new Promise(resolve => {
    let done = false;
    const finish = (answer: RawAnswer) => {
      if (done) return;
      done = true;
      resolve(answer);
    };
    const payload =
      raw.body === undefined
        ? undefined
        : Buffer.isBuffer(raw.body)
          ? raw.body
          : Buffer.from(raw.body, 'utf8');
    const outgoing = request(`${base}${raw.path}`, {
      method: raw.method,
      headers: payload ? { ...raw.headers, 'content-length': String(payload.length) } : raw.headers,
      timeout: timeoutMs,
      insecureHTTPParser: true,
    });
    outgoing.on('response', incoming => {
      // An event stream stays open by design: its answer is its status line and headers.
      if (String(incoming.headers['content-type']).includes('text/event-stream')) {
        finish({ status: incoming.statusCode ?? 0, ms: elapsed(), excerpt: '(event stream)' });
        outgoing.destroy();

        return;
      }
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
