import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';

import { markUnsent } from './request-not-sent';

/** One request of {@link sendHttpRequest}. */
export interface HttpRequestInit {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  /** The whole exchange must end within this delay, else it fails with a `TimeoutError`. */
  readonly timeoutMs: number;
  /**
   * A new connection must be established within this delay, else the request fails with a
   * `TimeoutError` marked as not sent (default: only `timeoutMs` applies).
   */
  readonly connectTimeoutMs?: number;
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
 * An error raised before the connection was established (refused, DNS, connect timeout) is
 * marked as not sent (`wasNotSent`): the server cannot have seen the request, so even a
 * non-idempotent call may be sent again (docs/platform-protocol.md#timeouts-and-retries).
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
    let connected = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const request = send(url, { method: init.method, headers }, response => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
      response.on('error', fail);
    });
    request.on('socket', (socket: Socket) => {
      // A kept-alive socket is connected already; a new one is not until its 'connect'.
      if (!socket.connecting) {
        connected = true;

        return;
      }
      socket.once('connect', () => {
        connected = true;
        clearTimeout(connectTimer);
      });
      if (init.connectTimeoutMs === undefined) return;
      connectTimer = setTimeout(() => {
        request.destroy(timeoutError(`No connection within ${init.connectTimeoutMs} ms`));
      }, init.connectTimeoutMs);
    });
    const timer = setTimeout(() => {
      request.destroy(timeoutError(`No answer within ${init.timeoutMs} ms`));
    }, init.timeoutMs);
    function fail(error: Error): void {
      clearTimeout(timer);
      clearTimeout(connectTimer);
      reject(connected ? error : markUnsent(error));
    }
    request.on('error', fail);
    request.end(init.body);
  });
}

function timeoutError(message: string): Error {
  const error = new Error(message);
  error.name = 'TimeoutError';

  return error;
}
