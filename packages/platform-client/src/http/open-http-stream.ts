import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A streamed answer: its status, then its body chunk by chunk. */
export interface HttpStream {
  readonly status: number;
  /** The body as it arrives; ends when the server closes it, throws when the request aborts. */
  readonly chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Drops the rest of the body (the connection closes). */
  discard(): void;
}

/** The method, body and opening delay of an {@link openHttpStream} request. */
export interface HttpStreamInit {
  /** Default `GET`. */
  readonly method?: string;
  readonly body?: string | Uint8Array;
  /**
   * The headers must arrive within this delay (default 10 000 ms), else the request is destroyed
   * with a `TimeoutError` (a server that accepts the connection and never answers, such as one
   * restarting behind a proxy, must not hold the stream closed: docs/platform-protocol.md#event-stream).
   */
  readonly openTimeoutMs?: number;
}

/**
 * Sends a request (a GET unless `init` says otherwise) with Node's `http`/`https` modules and
 * resolves with the answer as soon as its headers arrive (within `init.openTimeoutMs`); the body is read as a stream. It is what the event stream uses when no `fetch`
 * is given: the global `fetch` would load undici and compile its WebAssembly HTTP parser at the
 * agent's start (some 15 MB of resident memory for one long-lived request).
 *
 * @throws The socket's error, an `AbortError` when `signal` aborts before the headers, or a
 *   `TimeoutError`.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const stream = await openHttpStream('http://127.0.0.1:3000/events', { accept: 'text/event-stream' }, controller.signal);
 * for await (const chunk of stream.chunks) console.log(Buffer.from(chunk).toString());
 * ```
 */
export function openHttpStream(
  url: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
  init: HttpStreamInit = {},
): Promise<HttpStream> {
  const openTimeoutMs = init.openTimeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    // The signal destroys the request (and its response) with an `AbortError`, before or after
    // the headers; the socket is not reused.
    const sent: Record<string, string | number> = { ...headers };
    if (init.body !== undefined) sent['content-length'] = Buffer.byteLength(init.body);
    const method = init.method ?? 'GET';
    const request = send(url, { method, headers: sent, signal }, response => {
      clearTimeout(timer);
      resolve({
        status: response.statusCode ?? 0,
        chunks: response,
        discard: () => response.destroy(),
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`No answer within ${openTimeoutMs} ms`);
      error.name = 'TimeoutError';
      request.destroy(error);
    }, openTimeoutMs);
    request.on('error', error => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(init.body);
  });
}
