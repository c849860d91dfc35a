import type { CloudDatasource } from '../typings/generate-cloud-typings';
import { BusinessError } from '../errors/business-error';
import { httpFailure, transportFailure } from './http-failure';
import { readEventStream } from './read-event-stream';

/** Options of {@link createHostedAgentClient}. */
export interface HostedAgentClientOptions {
  readonly fetch: typeof fetch;
  /** The platform's URL, without trailing slash. */
  readonly serverUrl: string;
  readonly envSecret: string;
  /** The user's access token (device flow). */
  readonly token: string;
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
  getDatasources(): Promise<CloudDatasource[]>;
  getLastPublishedCodeDetails(): Promise<PublishedCodeDetails | null>;
  uploadBundle(zip: Buffer): Promise<number>;
  publish(bundleId: number, onProgress: (message: string) => void): Promise<PublishOutcome>;
  getLogs(query: LogsQuery): Promise<HostedLog[]>;
  getDevelopmentEnvironmentSecret(endpoint: string): Promise<string>;
}

/**
 * A client of the platform's hosted-agent routes. Every call sends `grove-secret-key`,
 * `Authorization: Bearer` and JSON; failures become business errors (see `httpFailure`).
 *
 * @example
 * ```ts
 * const client = createHostedAgentClient({ fetch, serverUrl, envSecret, token });
 * const datasources = await client.getDatasources();
 * ```
 */
export function createHostedAgentClient(options: HostedAgentClientOptions): HostedAgentClient {
  const request = async (
    method: string,
    path: string,
    context: string,
    body?: { json: unknown } | { zip: Buffer },
  ): Promise<Response> => {
    const headers: Record<string, string> = {
      'grove-secret-key': options.envSecret,
      authorization: `Bearer ${options.token}`,
      accept: 'application/json',
      'content-type': body && 'zip' in body ? 'application/zip' : 'application/json',
    };
    let response: Response;
    try {
      response = await options.fetch(`${options.serverUrl}${path}`, {
        method,
        headers,
        body: body ? ('zip' in body ? new Uint8Array(body.zip) : JSON.stringify(body.json)) : null,
      });
    } catch (error) {
      if (error instanceof TypeError && /header/i.test(error.message)) {
        throw new BusinessError(
          `${context}: ${error.message}\nYour authentication token seems incorrect. You can try to login again by running 'npx grove-cloud login'`,
        );
      }
      throw transportFailure(error, context);
    }
    if (!response.ok) throw await httpFailure(response, context);

    return response;
  };
  const json = async <T>(method: string, path: string, context: string, body?: unknown) =>
    (await (
      await request(method, path, context, body === undefined ? undefined : { json: body })
    ).json()) as T;

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
      const response = await request(
        'POST',
        '/api/hosted-agent/bundle',
        'Failed to upload the code customizations',
        { zip },
      );

      return ((await response.json()) as { bundleId: number }).bundleId;
    },
    async publish(bundleId, onProgress) {
      const context = 'Failed to publish the code customizations';
      const response = await request('POST', '/api/hosted-agent/publish', context, {
        json: { bundleId },
      });
      if (!response.body) throw new BusinessError(`${context}: empty answer`);
      for await (const { event, data } of readEventStream(response.body)) {
        const payload = JSON.parse(data) as {
          message?: string;
          timestamp?: string;
          error?: string;
        };
        if (event === 'progress' && payload.message) onProgress(payload.message);
        if (event === 'deployed')
          return { status: 'deployed', timestamp: String(payload.timestamp) };
        if (event === 'failed') return { status: 'failed', error: String(payload.error) };
      }
      throw new BusinessError(`${context}: the platform ended the stream without a result`);
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
