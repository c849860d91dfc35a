import type { DispatchFunc, InjectOptions, Response as InjectedResponse } from 'light-my-request';

type Inject = (dispatch: DispatchFunc, options: InjectOptions) => Promise<InjectedResponse>;

/** `light-my-request`, required on the first in-process request (only MCP tools make them). */
let injector: Promise<Inject> | undefined;

function loadInject(): Promise<Inject> {
  injector ??= import('light-my-request').then(module => module.inject as Inject);

  return injector;
}

/**
 * The caller's signal, seen through a signal of this request only: `light-my-request` leaves its
 * abort listeners on the signal it is given, and a timeout signal (`AbortSignal.timeout`, which
 * agent clients pass) with listeners is held by Node until it fires, and the injected request,
 * response and payload with it: seconds of requests in memory under load. The caller's signal
 * gets one listener, removed when the request is answered.
 */
function forwardAbort(
  signal: AbortSignal | undefined,
): { signal: AbortSignal; release(): void } | undefined {
  if (!signal) return undefined;
  const controller = new AbortController();
  if (signal.aborted) {
    controller.abort(signal.reason);

    return { signal: controller.signal, release: () => undefined };
  }
  const onAbort = (): void => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });

  return {
    signal: controller.signal,
    release: () => signal.removeEventListener('abort', onAbort),
  };
}

/**
 * A `fetch` that never leaves the process: each request is injected (`light-my-request`) into
 * `dispatch` — the agent's own `/forest` routes — with the same authentication, permission and
 * serialization middleware as over HTTP, and none of the host application's.
 *
 * @example
 * ```ts
 * const agentFetch = createInProcessFetch(app);
 * const response = await agentFetch('http://agent.internal/forest/books', { headers });
 * ```
 */
export function createInProcessFetch(dispatch: DispatchFunc): typeof fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request ? request.url : String(input));
    const headers = Object.fromEntries(new Headers(init.headers ?? request?.headers).entries());
    let payload: string | Buffer | undefined;
    const body = init.body ?? (request ? await request.arrayBuffer() : undefined);
    if (typeof body === 'string') payload = body;
    else if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
      payload = Buffer.from(body as ArrayBuffer);
    } else if (body instanceof URLSearchParams) payload = body.toString();
    else if (body !== undefined && body !== null) {
      payload = Buffer.from(
        await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer(),
      );
    }
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const inject = await loadInject();
    const abort = forwardAbort(init.signal ?? undefined);
    let answer: InjectedResponse;
    try {
      answer = await inject(dispatch, {
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        remoteAddress: '127.0.0.1',
        ...(payload === undefined ? {} : { payload }),
        ...(abort ? { signal: abort.signal } : {}),
      });
    } finally {
      abort?.release();
    }
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) value.forEach(item => responseHeaders.append(key, String(item)));
      else if (value !== undefined) responseHeaders.set(key, String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || method === 'HEAD';

    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
