import { GroveError } from '@grove/datasource-toolkit';
import { SseParser } from '../events/sse-parser';
import { PlatformHttp } from '../http/platform-http';
import { statusError } from '../http/platform-error';
import { hostedFailure } from './hosted-failure';

/** Options of {@link createHostedAgentClient}. */
export interface HostedAgentClientOptions {
  /** A `fetch` implementation (default: Node's `http`/`https`, see `PlatformHttp`). */
  readonly fetch?: typeof fetch;
  /** The platform's URL. */
  readonly serverUrl: string;
  readonly envSecret: string;
  /** The user's access token (device flow). */
  readonly token: string;
}

/** One data source of the hosted agent, as the platform stores it. */
export interface HostedDatasource {
  /** The `@grove/datasource-sql` `introspect()` JSON. */
  readonly introspection: unknown;
  /** Appended to every collection name of this data source. */
  readonly datasourceSuffix?: string | null;
  readonly datasourceId: number;
}

/** What `last-published-code-details` answers when code was published. */
export interface PublishedCodeDetails {
  readonly date: string;
  readonly relativeDate: string;
  readonly user: { readonly name: string; readonly email: string };
}

/** One line of the hosted agent's logs. */
export interface HostedLog {
  readonly message: string;
  readonly timestamp: string;
  readonly level?: 'Debug' | 'Info' | 'Warn' | 'Error';
}

/** The outcome of a publish: deployed, or refused (the previous agent keeps serving). */
export type PublishOutcome =
  | { readonly status: 'deployed'; readonly timestamp: string }
  | { readonly status: 'failed'; readonly error: string };

/** Query of {@link HostedAgentClient.getLogs}. */
export interface LogsQuery {
  readonly limit: number;
  readonly from: Date;
  readonly to: Date;
  readonly orderByRecentFirst: boolean;
}

/** The platform's routes for the CLI (`/api/hosted-agent/…`, see the contract). */
export interface HostedAgentClient {
  getDatasources(): Promise<HostedDatasource[]>;
  getLastPublishedCodeDetails(): Promise<PublishedCodeDetails | null>;
  uploadBundle(zip: Buffer): Promise<number>;
  publish(bundleId: number, onProgress: (message: string) => void): Promise<PublishOutcome>;
  getLogs(query: LogsQuery): Promise<HostedLog[]>;
  getDevelopmentEnvironmentSecret(endpoint: string): Promise<string>;
}

/** A bundle upload or a deployment may take long: two minutes per call, not ten seconds. */
const HOSTED_TIMEOUT_MS = 120_000;

/**
 * A client of the platform's hosted-agent routes, on one `PlatformHttp`: every call sends
 * `grove-secret-key`, `Authorization: Bearer` and JSON; the publish progress is read with the
 * client's `SseParser`; failures are `GroveError`s worded for the CLI (see `hostedFailure`).
 *
 * @example
 * ```ts
 * const client = createHostedAgentClient({ fetch, serverUrl, envSecret, token });
 * const datasources = await client.getDatasources();
 * ```
 */
export function createHostedAgentClient(options: HostedAgentClientOptions): HostedAgentClient {
  const http = new PlatformHttp({
    serverUrl: options.serverUrl,
    envSecret: options.envSecret,
    secretHeader: 'grove-secret-key',
    timeoutMs: HOSTED_TIMEOUT_MS,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const headers = (contentType = 'application/json') => ({
    authorization: `Bearer ${options.token}`,
    'content-type': contentType,
  });
  // Full URLs, as the CLI always did: a server URL with a path prefix keeps it.
  const at = (path: string) => `${options.serverUrl.replace(/\/+$/, '')}${path}`;
  const json = async <T>(
    method: 'GET' | 'POST',
    path: string,
    context: string,
    body?: unknown,
  ): Promise<T> => {
    let answer: unknown;
    try {
      answer = await http.request({ method, path: at(path), body, headers: headers() });
    } catch (error) {
      throw hostedFailure(error, context);
    }
    // PlatformHttp answers a body that is not JSON as its text: a platform the CLI cannot read.
    if (typeof answer === 'string' || answer === undefined) {
      throw new SyntaxError(`${context}: the platform's answer is not JSON`);
    }

    return answer as T;
  };

  return {
    getDatasources: () =>
      json(
        'GET',
        '/api/hosted-agent/datasources',
        'Failed to retrieve database schema from the Grove platform',
      ),
    getLastPublishedCodeDetails: () =>
      json(
        'GET',
        '/api/hosted-agent/last-published-code-details',
        'Failed to retrieve last published code details',
      ),
    async uploadBundle(zip) {
      const context = 'Failed to upload the code customizations';
      let answer: { bundleId?: unknown } | undefined;
      try {
        answer = await http.request({
          method: 'POST',
          path: at('/api/hosted-agent/bundle'),
          body: new Uint8Array(zip),
          headers: headers('application/zip'),
        });
      } catch (error) {
        throw hostedFailure(error, context);
      }

      return Number(answer?.bundleId);
    },
    async publish(bundleId, onProgress) {
      const context = 'Failed to publish the code customizations';
      const path = at('/api/hosted-agent/publish');
      const init = { method: 'POST' as const, body: { bundleId }, headers: headers() };
      let stream;
      try {
        stream = await http.openStream(path, new AbortController().signal, HOSTED_TIMEOUT_MS, init);
      } catch (error) {
        throw hostedFailure(error, context);
      }
      const decoder = new TextDecoder();
      if (stream.status < 200 || stream.status >= 300) {
        let text = '';
        for await (const chunk of stream.chunks) text += decoder.decode(chunk, { stream: true });
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        throw hostedFailure(statusError(path, stream.status, body), context);
      }
      const parser = new SseParser();
      const read = async function* () {
        for await (const chunk of stream.chunks) {
          yield* parser.push(decoder.decode(chunk, { stream: true }));
        }
        // The last event may miss its blank line when the platform closes the stream.
        yield* parser.push(`${decoder.decode()}\n\n`);
      };
      for await (const { event, data } of read()) {
        const payload = JSON.parse(data) as {
          message?: string;
          timestamp?: string;
          error?: string;
        };
        if (event === 'progress' && payload.message) onProgress(payload.message);
        if (event === 'deployed') {
          stream.discard();

          return { status: 'deployed', timestamp: String(payload.timestamp) };
        }
        if (event === 'failed') {
          stream.discard();

          return { status: 'failed', error: String(payload.error) };
        }
      }
      throw new GroveError(
        'ServiceUnavailableError',
        `${context}: the platform ended the stream without a result`,
      );
    },
    async getLogs(query) {
      const params = new URLSearchParams({
        limit: String(query.limit),
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        'order-by-recent-first': String(query.orderByRecentFirst),
      });
      const body = await json<{ logs: HostedLog[] }>(
        'GET',
        `/api/hosted-agent/logs?${params}`,
        'Failed to retrieve logs',
      );

      return body.logs;
    },
    async getDevelopmentEnvironmentSecret(endpoint) {
      const path = '/api/hosted-agent/development-environment-for-user';
      const context = 'Failed to retrieve your development environment';
      type Answer = { data: { attributes: { secret_key: string } } };
      let answer: Answer;
      try {
        answer = await json<Answer>('POST', path, context, { endpoint });
      } catch {
        // The vendor's CLI retries as GET (older platforms): kept, with the same endpoint.
        answer = await json<Answer>('GET', `${path}?${new URLSearchParams({ endpoint })}`, context);
      }

      return answer.data.attributes.secret_key;
    },
  };
}
