import { statusError, unreachableError } from './platform-error';
import { openHttpStream, type HttpStream } from './open-http-stream';
import { wasNotSent } from './request-not-sent';
import { sendHttpRequest, type HttpAnswer } from './send-http-request';

/** How {@link PlatformHttp} reaches the platform. */
export interface PlatformHttpOptions {
  /** Base URL of the platform, e.g. `https://api.grove.dev`. */
  readonly serverUrl: string;
  /** The environment secret, sent as `forest-secret-key` (see `secretHeader`). */
  readonly envSecret: string;
  /**
   * The header the secret goes in (default `forest-secret-key`, the agent protocol's; the
   * hosted-agent routes of the CLI read `grove-secret-key`).
   */
  readonly secretHeader?: string;
  /** Per-request timeout in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /**
   * Longest wait for a new connection, in milliseconds (default 1 000): a platform that is down
   * or restarting fails a call fast instead of holding it for `timeoutMs`.
   */
  readonly connectTimeoutMs?: number;
  /**
   * Attempts of a call that got no answer and may be sent again (default 3, see
   * {@link PlatformRequest.idempotent}); 1 turns retries off.
   */
  readonly attempts?: number;
  /** Pause before the second attempt, doubled before each next one (default 100 ms). */
  readonly retryDelayMs?: number;
  /**
   * A `fetch` implementation. Default: requests and the event stream go through Node's
   * `http`/`https` modules (see `sendHttpRequest` and `openHttpStream`).
   */
  readonly fetch?: typeof fetch;
}

/** One request to the platform. */
export interface PlatformRequest {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Absolute path (`/liana/...`) resolved against the server URL, or a full URL. */
  readonly path: string;
  /** JSON body; a `URLSearchParams` is sent as a form, a `Uint8Array` as bytes. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Leave out `forest-secret-key` (user-scoped calls use a Bearer token instead). */
  readonly withoutSecret?: boolean;
  readonly timeoutMs?: number;
  /** Statuses accepted as success (default: any 2xx). */
  readonly expectStatus?: number;
  /**
   * Whether sending the call twice does no harm (default: `true` for `GET`). A call that got no
   * answer is sent again (up to `attempts`) when it never reached the platform (refused,
   * DNS, connect timeout) or, if idempotent, when its connection broke; never after a response
   * timeout, nor after an HTTP answer (docs/platform-protocol.md#timeouts-and-retries).
   */
  readonly idempotent?: boolean;
}

/**
 * The one HTTP helper of the client: JSON in and out, identity headers, a connect timeout and a
 * timeout per request, a bounded retry of calls that are safe to send again, and Grove errors
 * that name the URL (never the secret).
 *
 * @example
 * ```ts
 * const http = new PlatformHttp({ serverUrl, envSecret });
 * const users = await http.request({ method: 'GET', path: '/liana/v4/permissions/users' });
 * ```
 */
export class PlatformHttp {
  readonly serverUrl: string;
  private readonly envSecret: string;
  private readonly secretHeader: string;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly attempts: number;
  private readonly retryDelayMs: number;
  /** The `fetch` calls go through when one was given (the global `fetch` otherwise). */
  readonly fetchImpl: typeof fetch;
  /** True when requests go through the given `fetch` rather than `sendHttpRequest`. */
  private readonly customFetch: boolean;

  constructor(options: PlatformHttpOptions) {
    this.serverUrl = options.serverUrl;
    this.envSecret = options.envSecret;
    this.secretHeader = options.secretHeader ?? 'forest-secret-key';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.fetchImpl = options.fetch ?? fetch;
    this.customFetch = options.fetch !== undefined;
  }

  /** Resolves a path the way the protocol does (`new URL(path, serverUrl)`). */
  url(path: string): string {
    return new URL(path, this.serverUrl).toString();
  }

  /** The identity headers of every environment call. */
  secretHeaders(): Record<string, string> {
    return { [this.secretHeader]: this.envSecret };
  }

  /** Sends one request and returns the parsed body (JSON, text, or `undefined` when empty). */
  async request<T = unknown>(request: PlatformRequest): Promise<T> {
    const url = this.url(request.path);
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (!request.withoutSecret) Object.assign(headers, this.secretHeaders());
    const body = encodeBody(request.body, headers);
    Object.assign(headers, request.headers);

    const init = { method: request.method, headers, body, timeoutMs };
    const idempotent = request.idempotent ?? request.method === 'GET';
    let response: HttpAnswer | undefined;
    for (let attempt = 1, delayMs = this.retryDelayMs; !response; attempt += 1, delayMs *= 2) {
      try {
        response = this.customFetch
          ? await this.fetchText(url, init)
          : await sendHttpRequest(url, { ...init, connectTimeoutMs: this.connectTimeoutMs });
      } catch (error) {
        // Checked by name: DOMException is not an `Error` instance in every realm.
        const timedOut = (error as { name?: unknown } | null)?.name === 'TimeoutError';
        const unsent = wasNotSent(error);
        const again = unsent || (idempotent && !timedOut);
        if (!again || attempt >= this.attempts) {
          throw unreachableError(url, error, timedOut && !unsent ? timeoutMs : undefined);
        }
        await new Promise(resolve => setTimeout(resolve, delayMs));
      }
    }

    const parsed = parseBody(response.text);
    const ok = request.expectStatus
      ? response.status === request.expectStatus
      : response.status >= 200 && response.status < 300;
    if (!ok) throw statusError(url, response.status, parsed);

    return parsed as T;
  }

  /**
   * Opens a long-lived request of the environment (a GET unless `init` says otherwise;
   * `accept: text/event-stream`, the secret header) and resolves once its headers arrive, within
   * `openTimeoutMs` (else it rejects with a `TimeoutError`); `signal` aborts it at any time.
   */
  async openStream(
    path: string,
    signal: AbortSignal,
    openTimeoutMs = 10_000,
    init: StreamInit = {},
  ): Promise<HttpStream> {
    const url = this.url(path);
    const headers: Record<string, string> = {
      ...this.secretHeaders(),
      accept: 'text/event-stream',
    };
    const sent = encodeBody(init.body, headers);
    Object.assign(headers, init.headers);
    const method = init.method ?? 'GET';
    if (!this.customFetch) {
      return openHttpStream(url, headers, signal, { method, body: sent, openTimeoutMs });
    }
    // The timeout ends the opening only: the stream itself lives until `signal` aborts.
    const opening = new AbortController();
    const abort = () => opening.abort(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => {
      const error = new Error(`No answer within ${openTimeoutMs} ms`);
      error.name = 'TimeoutError';
      opening.abort(error);
    }, openTimeoutMs);
    let response: Response;
    try {
      response = await this.fetchImpl(url, { method, headers, body: sent, signal: opening.signal });
    } catch (error) {
      signal.removeEventListener('abort', abort);
      throw opening.signal.reason instanceof Error ? opening.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
    const body = response.body;

    return {
      status: response.status,
      chunks: body ?? [],
      discard: () => void body?.cancel().catch(() => undefined),
    };
  }

  private async fetchText(
    url: string,
    init: {
      method: string;
      headers: Record<string, string>;
      body?: string | Uint8Array;
      timeoutMs: number;
    },
  ): Promise<HttpAnswer> {
    const response = await this.fetchImpl(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });

    return { status: response.status, text: await response.text() };
  }
}

/** What {@link PlatformHttp.openStream} sends besides a GET. */
export interface StreamInit {
  readonly method?: 'GET' | 'POST';
  /** Encoded as {@link PlatformRequest.body} is. */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Encodes a request body and sets its content type (form, bytes or JSON). */
function encodeBody(
  body: unknown,
  headers: Record<string, string>,
): string | Uint8Array | undefined {
  if (body === undefined) return undefined;
  if (body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';

    return body.toString();
  }
  if (body instanceof Uint8Array) {
    headers['content-type'] = 'application/octet-stream';

    return body;
  }
  headers['content-type'] = 'application/json';

  return JSON.stringify(body);
}

function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
