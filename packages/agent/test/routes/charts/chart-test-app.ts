import { ActivityLogRecorder } from '../../../src/activity/activity-log-recorder';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import type { Express } from 'express';
import type { DataSource, Logger, PermissionLevel } from '@grove/datasource-toolkit';
import { createPlatformClient } from '@grove/platform-client';
import type {
  EnvironmentPermissions,
  PlatformClient,
  PlatformUser,
  RenderingPermissions,
} from '@grove/platform-client';
import supertest from 'supertest';
import type { AgentServices } from '../../../src/http/agent-services';
import { signSessionToken } from '@grove/platform-client';
import { authenticate } from '../../../src/http/middlewares/authenticate';
import { createErrorHandler } from '../../../src/http/middlewares/error-handler';
import { resolveAgentOptions } from '../../../src/options/agent-options';
import { Authorization } from '../../../src/permissions/authorization';
import { mountApiCharts } from '../../../src/routes/charts/api-charts';
import { mountNativeQuery } from '../../../src/routes/charts/native-query';
import { mountStatsChart } from '../../../src/routes/charts/stats-chart';
import { mountCapabilities } from '../../../src/routes/system/capabilities';

export const authSecret = 'a-chart-test-auth-secret-of-32-chars-or-more';
export const envSecret = 'cd'.repeat(32);

/** What the platform stub answers; tests change it, then call `app.resetPermissions()`. */
export interface PlatformState {
  environment: EnvironmentPermissions;
  users: PlatformUser[];
  rendering: RenderingPermissions;
}

const levels: Record<number, PermissionLevel> = {
  1: 'admin',
  2: 'user',
  3: 'developer',
  4: 'editor',
};

/** A platform user: 1 admin, 2 user, 3 developer, 4 editor; role = id; tag `region`. */
export function platformUser(id: number): PlatformUser {
  return {
    id,
    roleId: id * 10,
    firstName: `First${id}`,
    lastName: `Last${id}`,
    fullName: `First${id} Last${id}`,
    email: `user${id}@example.com`,
    permissionLevel: levels[id] ?? 'user',
    tags: { region: 'EU' },
  };
}

/** Users 1–4, everything allowed, a rendering of team 7 without scope nor saved chart. */
export function defaultPlatformState(): PlatformState {
  return {
    environment: true,
    users: [1, 2, 3, 4].map(platformUser),
    rendering: { team: { id: 7, name: 'Ops' }, collections: {}, stats: [] },
  };
}

/** The session token of platform user `id` on rendering 1 (signed at the current, maybe fake, time). */
export function tokenOf(id: number): Promise<string> {
  const { email, firstName, lastName, permissionLevel, tags } = platformUser(id);

  return signSessionToken(
    {
      id,
      email,
      firstName,
      lastName,
      team: 'Ops',
      role: `Role${id}`,
      renderingId: 1,
      permissionLevel,
      tags,
    },
    { secret: authSecret, expiresInSeconds: 3600 },
  );
}

/** A running platform stub and an app serving only the chart and capabilities routes. */
export interface ChartApp {
  readonly request: supertest.Agent;
  readonly app: Express;
  readonly services: AgentServices;
  readonly state: PlatformState;
  /** Paths the platform stub served, in order. */
  readonly platformCalls: string[];
  /** Errors the error middleware logged (5xx). */
  readonly logged: unknown[];
  /** Restores the default platform state and drops the permission caches. */
  resetPermissions(state?: Partial<PlatformState>): void;
  close(): Promise<void>;
}

/**
 * Starts a platform stub (`/liana/v4/permissions/…`) on port 0, a real platform client with
 * `Authorization` over its `PermissionService`, and an Express app mounting, under `/forest`,
 * `express.json()`, the real `authenticate(authSecret)`, the capabilities, native query, API
 * chart and stats chart routes, and the error middleware last.
 */
export async function startChartApp(dataSource: DataSource): Promise<ChartApp> {
  let state = defaultPlatformState();
  const platformCalls: string[] = [];
  const stub = express();
  stub.use((request, _response, next) => {
    platformCalls.push(request.path);
    next();
  });
  stub.get('/liana/v4/permissions/environment', (_request, response) => {
    response.json(state.environment);
  });
  stub.get('/liana/v4/permissions/users', (_request, response) => {
    response.json(state.users);
  });
  stub.get('/liana/v4/permissions/renderings/:id', (_request, response) => {
    response.json(state.rendering);
  });
  const server: Server = await new Promise(resolve => {
    const started = stub.listen(0, '127.0.0.1', () => resolve(started));
  });
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const logged: unknown[] = [];
  const logger: Logger = (level, _message, error) => {
    if (level === 'Error') logged.push(error);
  };
  const platform: PlatformClient = createPlatformClient({ serverUrl, envSecret });
  const services: AgentServices = {
    dataSource,
    options: resolveAgentOptions({ authSecret, envSecret, serverUrl, logger }),
    logger,
    platform,
    authorization: new Authorization(platform.permissions),
    // These apps test their routes, not the audit trail (see test/activity).
    activityLogs: new ActivityLogRecorder({ platform, mode: 'off', logger }),
  };

  const router = Router();
  router.use(express.json());
  router.use(authenticate(authSecret));
  for (const mount of [mountCapabilities, mountNativeQuery, mountApiCharts, mountStatsChart]) {
    mount(router, services);
  }
  router.use(createErrorHandler(logger));
  const app = express();
  app.use('/forest', router);

  return {
    request: supertest.agent(app),
    app,
    services,
    get state() {
      return state;
    },
    platformCalls,
    logged,
    resetPermissions(overrides = {}) {
      state = { ...defaultPlatformState(), ...overrides };
      platform.permissions.invalidate('all');
    },
    close: async () => {
      await platform.close();
      await new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
