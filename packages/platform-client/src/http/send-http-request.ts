import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One request of {@link sendHttpRequest}. */
export interface HttpRequestInit {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The whole exchange must end within this delay, else it fails with a `TimeoutError`. */
  readonly timeoutMs: number;
}

/** The status and the whole body of an answer. */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
}

/**
 * Sends one request with Node's `http`/`https` modules (their global agents keep connections
 * alive) and reads the whole answer as text. It is what `PlatformHttp` uses when no `fetch` is
 * given: per call, a fraction of the CPU of the global `fetch` (no web streams, no abort
 * signal), which matters on a write's path where the activity log is awaited.
 *
 * @throws The socket's error; an `Error` named `TimeoutError` when `timeoutMs` passed.
 *
 * @example
 * ```ts
 * const { status, text } = await sendHttpRequest('http://127.0.0.1:3000/ok', {
 *   method: 'GET', headers: { accept: 'application/json' }, timeoutMs: 10_000 });
 * ```
 */
export function sendHttpRequest(url: string, init: HttpRequestInit): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const request = send(url, { method: init.method, headers }, response => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', fail);
    });
    const timer = setTimeout(() => {
      const error = new Error(`No answer within ${init.timeoutMs} ms`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, init.timeoutMs);
    function fail(error: Error): void {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', fail);
    request.end(init.body);
  });
}
