import { createSign, generateKeyPairSync } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Response } from 'express';

/** What the fake platform answers; tests change it between requests. */
export interface PlatformState {
  environment: unknown;
  users: Array<Record<string, unknown>>;
  renderings: Record<string, unknown>;
  ipWhitelist: { use_ip_whitelist: boolean; rules: unknown[] };
  sendSchema: boolean;
  /** The activity logs the agent posted, with their current status. */
  activityLogs: Array<Record<string, unknown> & { id: string; status: string }>;
  /** When set, activity-log calls answer this status (a platform that refuses logs). */
  activityLogsStatus?: number;
  /**
   * When set, the platform answers only the vendor platform's routes
   * ({@link VENDOR_PLATFORM_ROUTES}) and 404 on every other path, as the vendor's own platform
   * does: Grove's additions (agent activity logs) are not there.
   */
  vendorOnly?: boolean;
}

/**
 * The routes of the vendor's platform that an agent calls (docs/platform-protocol.md#startup to
 * docs/platform-protocol.md#customizations-and-mcp-configs, less Grove's agent activity logs):
 * start, schema, IP rules, events, login, permissions, MCP activity logs, customizations.
 */
export const VENDOR_PLATFORM_ROUTES: readonly RegExp[] = [
  /^GET \/liana\/model-customizations$/,
  /^GET \/liana\/mcp-server-configs-with-details$/,
  /^GET \/liana\/v1\/ip-whitelist-rules$/,
  /^POST \/forest\/apimaps(\/hashcheck)?$/,
  /^GET \/liana\/forest-schema$/,
  /^GET \/liana\/v4\/subscribe-to-events$/,
  /^(GET|POST) \/oidc\/.+$/,
  /^GET \/liana\/v2\/renderings\/[^/]+\/authorization$/,
  /^GET \/liana\/v4\/permissions\/(environment|users|renderings\/[^/]+)$/,
  /^POST \/api\/activity-logs-requests(\/mcp)?$/,
  /^PATCH \/api\/activity-logs-requests\/[^/]+\/[^/]+\/status$/,
];

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: unknown;
  /** The status the fake platform answered, once it answered. */
  status?: number;
}

export interface FakePlatform {
  readonly url: string;
  readonly state: PlatformState;
  readonly requests: RecordedRequest[];
  /** Sends an event on every open event stream. */
  emit(event: string, data?: unknown): void;
  /** How many event streams are open now. */
  openStreams(): number;
  close(): Promise<void>;
}

export const envSecret = 'e'.repeat(64);
export const authSecret = 'a-test-auth-secret-of-32-chars!!';

/** A platform user (docs/platform-protocol.md#users) with a default admin profile. */
export function platformUser(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    fullName: `First${id} Last${id}`,
    email: `user${id}@example.com`,
    permissionLevel: 'admin',
    tags: {},
    roleId: 1,
    ...overrides,
  };
}

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signIdToken(claims: object): string {
  const unsigned = `${b64({ alg: 'RS256', kid: 'k1' })}.${b64(claims)}`;

  return `${unsigned}.${createSign('RSA-SHA256').update(unsigned).sign(privateKey, 'base64url')}`;
}

/**
 * A stand-in of the platform for the agent's tests: the calls the agent makes (schema,
 * permissions, IP whitelist, events, OIDC login), answering from a mutable `state` and
 * recording every request.
 */
export async function startFakePlatform(): Promise<FakePlatform> {
  const state: PlatformState = {
    environment: true,
    users: [platformUser(1)],
    renderings: {},
    ipWhitelist: { use_ip_whitelist: false, rules: [] },
    sendSchema: true,
    activityLogs: [],
  };
  const requests: RecordedRequest[] = [];
  const streams = new Set<Response>();
  const app = express();
  app.use(express.json({ limit: '50mb' }));
  app.use(express.urlencoded({ extended: false }));
  app.use((request, response, next) => {
    const recorded: RecordedRequest = {
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: request.body as unknown,
    };
    requests.push(recorded);
    response.on('finish', () => {
      recorded.status = response.statusCode;
    });
    next();
  });
  app.use((request, response, next) => {
    const route = `${request.method} ${request.path}`;
    if (state.vendorOnly && !VENDOR_PLATFORM_ROUTES.some(pattern => pattern.test(route))) {
      response.status(404).json({ errors: [{ status: 404, detail: 'Not Found' }] });
    } else next();
  });
  let url = '';

  app.post('/forest/apimaps/hashcheck', (_request, response) => {
    response.json({ sendSchema: state.sendSchema });
  });
  app.post('/forest/apimaps', (_request, response) => {
    response.status(204).end();
  });
  app.get('/liana/v4/permissions/environment', (_request, response) => {
    response.json(state.environment);
  });
  app.get('/liana/v4/permissions/users', (_request, response) => {
    response.json(state.users);
  });
  app.get('/liana/v4/permissions/renderings/:id', (request, response) => {
    response.json(
      state.renderings[request.params.id] ?? {
        team: { id: 1, name: 'Ops' },
        collections: {},
        stats: [],
      },
    );
  });
  app.get('/liana/v1/ip-whitelist-rules', (_request, response) => {
    response.json({ data: { type: 'ip-whitelist-rules', id: '1', attributes: state.ipWhitelist } });
  });
  app.get('/liana/v4/subscribe-to-events', (request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(': open\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
  });

  // Activity logs (Grove's addition, docs/platform-protocol.md#agent-activity-logs): stored in
  // `state.activityLogs`.
  app.post('/liana/v1/activity-logs', (request, response) => {
    if (state.activityLogsStatus) {
      response.status(state.activityLogsStatus).json({ errors: [{ detail: 'refused' }] });

      return;
    }
    const { logs } = request.body as { logs: Array<Record<string, unknown>> };
    const ids = logs.map(log => {
      const id = String(state.activityLogs.length + 1);
      state.activityLogs.push({ ...log, id, status: String(log.status) });

      return { id };
    });
    response.json({ data: ids });
  });
  app.patch('/liana/v1/activity-logs/status', (request, response) => {
    if (state.activityLogsStatus) {
      response.status(state.activityLogsStatus).json({ errors: [{ detail: 'refused' }] });

      return;
    }
    const { logs } = request.body as { logs: Array<{ id: string; status: string }> };
    const data = logs.map(({ id, status }) => {
      const log = state.activityLogs.find(candidate => candidate.id === id);
      if (!log) return { id, outcome: 'not_found' };
      if (log.status !== 'pending') return { id, outcome: 'not_pending' };
      log.status = status;

      return { id, outcome: 'updated' };
    });
    response.json({ data });
  });
  app.patch('/liana/v1/activity-logs/:id/status', (request, response) => {
    const log = state.activityLogs.find(candidate => candidate.id === request.params.id);
    if (state.activityLogsStatus || !log) {
      response.status(state.activityLogsStatus ?? 404).json({ errors: [{ detail: 'refused' }] });

      return;
    }
    log.status = String((request.body as { status?: unknown }).status);
    response.status(204).end();
  });

  // OIDC (docs/platform-protocol.md#login): discovery, registration, token, keys, user info.
  app.get('/oidc/.well-known/openid-configuration', (_request, response) => {
    response.json({
      issuer: url,
      authorization_endpoint: `${url}/oidc/auth`,
      token_endpoint: `${url}/oidc/token`,
      registration_endpoint: `${url}/oidc/reg`,
      jwks_uri: `${url}/oidc/jwks`,
    });
  });
  app.post('/oidc/reg', (_request, response) => {
    response
      .status(201)
      .json({ client_id: 'agent-client', redirect_uris: ['http://localhost/cb'] });
  });
  app.post('/oidc/token', (request, response) => {
    const { code } = request.body as { code?: string };
    if (code !== 'good-code') {
      response.status(400).json({ error: 'invalid_grant', error_description: 'bad code' });

      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const idToken = signIdToken({
      iss: url,
      aud: 'agent-client',
      sub: '1',
      iat: now,
      exp: now + 60,
    });
    response.json({ access_token: 'access-1', id_token: idToken, token_type: 'Bearer' });
  });
  app.get('/oidc/jwks', (_request, response) => {
    response.json({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256' }] });
  });
  app.get('/liana/v2/renderings/:id/authorization', (request, response) => {
    if (request.params.id === '403') {
      response.status(403).json({ errors: [{ detail: 'User is not allowed on this rendering' }] });

      return;
    }
    response.json({
      data: {
        type: 'users',
        id: '1',
        attributes: {
          email: 'user1@example.com',
          first_name: 'First1',
          last_name: 'Last1',
          teams: ['Operations'],
          role: 'Admin',
          permission_level: 'admin',
          tags: [{ key: 'country', value: 'FR' }],
        },
      },
    });
  });

  const server: Server = await new Promise(resolve => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    state,
    requests,
    openStreams: () => streams.size,
    emit(event, data = {}) {
      for (const stream of streams)
        stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close: () =>
      new Promise(resolve => {
        for (const stream of streams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
