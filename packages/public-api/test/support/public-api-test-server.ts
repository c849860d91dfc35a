import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import express from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';

import {
  createOpenApiResponseValidator,
  createPublicApiRouter,
  publicApiOpenApiDocument,
  readResponseToValidate,
} from '../../src';
import type { PublicApiOptions } from '../../src';
import { InMemoryPublicApiStore } from './in-memory-public-api-store';

/** A response as tests see it, already validated against the OpenAPI document. */
export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** The body as an object (tests read members of it). */
  readonly json: Record<string, unknown>;
}

/** How a test calls the API. */
export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** Sent as is (with `contentType`, default application/json). */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A router on a real HTTP server (port 0), its store double, and a validating client. */
export interface TestApi {
  readonly url: string;
  readonly store: InMemoryPublicApiStore;
  readonly webhookKey: Buffer;
  readonly logs: { level: string; message: string; error?: unknown }[];
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  close(): Promise<void>;
}

/** Rate limits in memory (one process), as `options.rateLimiter` makes them. */
export const memoryRateLimiter: PublicApiOptions['rateLimiter'] = (keyPrefix, points, duration) =>
  new RateLimiterMemory({ keyPrefix, points, duration });

/**
 * Starts the router on port 0 behind a tiny app (other paths answer the app's own 404, showing
 * the router lets them through). Every response a test gets through `call` is validated against
 * `publicApiOpenApiDocument`: the suite as a whole checks the document.
 */
export async function startTestApi(
  overrides: Partial<PublicApiOptions> & { store?: InMemoryPublicApiStore } = {},
): Promise<TestApi> {
  const store = overrides.store ?? new InMemoryPublicApiStore();
  const webhookKey = (overrides.webhookKey as Buffer | undefined) ?? randomBytes(32);
  const logs: TestApi['logs'] = [];
  const app = express();
  let url = '';
  // The public URL is only known once listening: the router is built lazily on first request.
  let router: express.Router | undefined;
  app.use((req, res, next) => {
    router ??= createPublicApiRouter({
      rateLimiter: memoryRateLimiter,
      logger: (level, message, error) => logs.push({ level, message, error }),
      publicUrl: url,
      ...overrides,
      store,
      webhookKey,
    });
    router(req, res, next);
  });
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('app 404');
  });
  const server: Server = await new Promise(resolve => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const validate = createOpenApiResponseValidator(publicApiOpenApiDocument(url));

  return {
    url,
    store,
    webhookKey,
    logs,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined || options.body !== undefined) {
        body = options.rawBody ?? JSON.stringify(options.body);
        headers['content-type'] = options.contentType ?? 'application/json';
      }
      const response = await fetch(`${url}${path}`, { method, headers, body });
      const checked = await readResponseToValidate(method, path, response);
      expect(validate(checked)).toEqual([]);
      const parsed = checked.body;

      return {
        status: response.status,
        headers: response.headers,
        body: parsed,
        json: (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
          string,
          unknown
        >,
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close(error => (error ? reject(error) : resolve()));
      }),
  };
}
