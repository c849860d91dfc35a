import { ActivityLogRecorder } from '../../../src/activity/activity-log-recorder';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { Router } from 'express';
import type { Express } from 'express';
import { DataSourceCustomizer } from '@grove/datasource-customizer';
import type { CollectionCustomizer } from '@grove/datasource-customizer';
import type { Logger } from '@grove/datasource-toolkit';
import { createPlatformClient } from '@grove/platform-client';
import type {
  EnvironmentPermissions,
  PlatformClient,
  PlatformUser,
  RenderingPermissions,
} from '@grove/platform-client';
import type { AgentServices } from '../../../src/http/agent-services';
import { signSessionToken } from '@grove/platform-client';
import { authenticate } from '../../../src/http/middlewares/authenticate';
import { createErrorHandler } from '../../../src/http/middlewares/error-handler';
import { resolveAgentOptions } from '../../../src/options/agent-options';
import { Authorization } from '../../../src/permissions/authorization';
import { mountActions } from '../../../src/routes/actions/action-routes';
import { createLibrary } from './library';

export const authSecret = 'a-test-auth-secret-of-at-least-32-chars';
export const envSecret = 'ab'.repeat(32);

/** What the platform stub answers; tests change it, then call `fixture.resetPermissions()`. */
export interface PlatformState {
  environment: EnvironmentPermissions;
  users: PlatformUser[];
  rendering: RenderingPermissions;
}

const user = (id: number, roleId: number): PlatformUser => ({
  id,
  roleId,
  firstName: `User${id}`,
  lastName: 'Test',
  fullName: `User${id} Test`,
  email: `user${id}@example.com`,
  permissionLevel: 'user',
  tags: {},
});

/** Users 1, 2 and 3 with roles 1, 2 and 3. */
export function defaultPlatformState(): PlatformState {
  return {
    environment: true,
    users: [user(1, 1), user(2, 2), user(3, 3)],
    rendering: { team: { id: 1, name: 'Ops' }, collections: {}, stats: [] },
  };
}

/** A session token of user `id` (rendering 1). */
export function tokenOf(id: number): Promise<string> {
  return signSessionToken(
    {
      id,
      email: `user${id}@example.com`,
      firstName: `User${id}`,
      lastName: 'Test',
      team: 'Ops',
      role: `Role${id}`,
      renderingId: 1,
      permissionLevel: 'user',
      tags: {},
    },
    { secret: authSecret, expiresInSeconds: 3600 },
  );
}

/** Options of {@link startActionApp}. */
export interface ActionAppOptions {
  /** Adds the actions under test to `books`. */
  readonly customize: (books: CollectionCustomizer) => void;
  readonly useUnsafeActionEndpoint?: boolean;
}

/** A running platform stub plus an Express app serving only the action routes. */
export interface ActionApp {
  readonly app: Express;
  readonly services: AgentServices;
  readonly state: PlatformState;
  /** Errors the error middleware logged. */
  readonly logged: unknown[];
  /** Drops the permission caches (call after changing `state`). */
  resetPermissions(): void;
  /** Restores the default platform state and drops the caches. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a platform stub (`/liana/v4/permissions/…`) on port 0, a real platform client and
 * `Authorization` over it, the customized library, and an app with the real authentication
 * middleware, the action routes and the error middleware.
 */
export async function startActionApp(options: ActionAppOptions): Promise<ActionApp> {
  const state = defaultPlatformState();
  const stub = express();
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
    const started = stub.listen(0, () => resolve(started));
  });
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const logged: unknown[] = [];
  const logger: Logger = (level, _message, error) => {
    if (level === 'Error') logged.push(error);
  };
  const platform: PlatformClient = createPlatformClient({ serverUrl, envSecret, logger });
  const customizer = new DataSourceCustomizer();
  customizer.addDataSource(async () => createLibrary());
  customizer.customizeCollection('books', options.customize);
  const services: AgentServices = {
    dataSource: await customizer.getDataSource(logger),
    options: resolveAgentOptions({
      authSecret,
      envSecret,
      logger,
      serverUrl,
      useUnsafeActionEndpoint: options.useUnsafeActionEndpoint ?? false,
    }),
    logger,
    platform,
    authorization: new Authorization(platform.permissions),
    // These apps test their routes, not the audit trail (see test/activity).
    activityLogs: new ActivityLogRecorder({ platform, mode: 'off', logger }),
  };

  const router = Router();
  router.use(express.json());
  router.use(authenticate(authSecret));
  mountActions(router, services);
  router.use(createErrorHandler(logger));
  const app = express();
  app.use('/forest', router);

  return {
    app,
    services,
    state,
    logged,
    resetPermissions: () => platform.permissions.invalidate('all'),
    reset: () => {
      Object.assign(state, defaultPlatformState());
      logged.length = 0;
      platform.permissions.invalidate('all');
    },
    close: async () => {
      await platform.close();
      await new Promise(resolve => server.close(resolve));
    },
  };
}
