import { AgentClientError } from '../errors/agent-client-error';

/** Query-string parameters, in order; `undefined` values are skipped. */
export type QueryParams = Readonly<Record<string, string | undefined>>;

/** One request to the agent, relative to its mount point (`/forest`). */
export interface AgentRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the mount point, starting with `/` (already URI-encoded). */
  readonly path: string;
  readonly query?: QueryParams;
  /** JSON body. */
  readonly body?: unknown;
  readonly accept?: string;
  /** Statuses ≥ 400 returned rather than thrown (the action "Error" result is a 400). */
  readonly allowStatus?: (status: number) => boolean;
}

/** The wiring of {@link AgentHttp}, built by `createAgentClient`. */
export interface AgentHttpOptions {
  /** Agent URL including its mount point, without trailing slash. */
  readonly baseUrl: string;
  readonly timezone: string;
  readonly getToken: () => string | Promise<string>;
  readonly fetch: typeof fetch;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

/** Parses a JSON body, falling back to the text (or `undefined` when empty). */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The transport of the client: adds the bearer token, the `timezone` query parameter and JSON
 * headers to every request, and turns non-2xx answers into {@link AgentClientError}s.
 * Internal; reachable as `AgentClient.http` for routes the client does not wrap.
 */
export class AgentHttp {
  constructor(readonly options: AgentHttpOptions) {}

  /** Builds the absolute URL of a request (timezone first, like the frontend). */
  url(path: string, query: QueryParams = {}): string {
    const search = new URLSearchParams({ timezone: this.options.timezone });
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.append(key, value);
    }

    return `${this.options.baseUrl}${path}?${search.toString()}`;
  }

  /** Sends a request and returns the raw answer (2xx or allowed), body unread. */
  async send(request: AgentRequest): Promise<Response> {
    const url = this.url(request.path, request.query);
    const { timeoutMs } = this.options;
    const token = await this.options.getToken();
    let response: Response;
    try {
      response = await this.options.fetch(url, {
        method: request.method,
        headers: {
          accept: request.accept ?? 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...this.options.headers,
          authorization: `Bearer ${token}`,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
      });
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new AgentClientError({ method: request.method, url, status: 0, body: reason, cause });
    }
    if (response.ok || request.allowStatus?.(response.status)) return response;

    const body = parseBody(await response.text());
    throw new AgentClientError({ method: request.method, url, status: response.status, body });
  }

  /** Sends a request and parses its JSON answer (`undefined` for an empty body, e.g. 204). */
  async json(request: AgentRequest): Promise<unknown> {
    const response = await this.send(request);

    return parseBody(await response.text());
  }
}
