import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';

import type { TestServer } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

/** A test platform served by a server of the test, so that routes can be put in front of it. */
export interface LoginTestPlatform {
  readonly test: TestPlatform;
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts a platform mounted on the test's own server, in front of which the two agent-protocol
 * routes a Grove agent calls at start and that the platform does not serve yet (owned by another
 * part of the platform) answer "whitelist off" and "every right" (spec §10.1).
 * TODO: drop these stand-ins once the platform serves `GET /liana/v1/ip-whitelist-rules` and
 * `GET /liana/v4/permissions/environment`.
 */
export async function startLoginPlatform(server: TestServer): Promise<LoginTestPlatform> {
  const front = express();
  const http: Server = createServer(front);
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const test = await startTestPlatform(server, { port: undefined, publicUrl: url });
  front.get('/liana/v1/ip-whitelist-rules', (_req, res) => {
    res.json({ data: { attributes: { use_ip_whitelist: false, rules: [] } } });
  });
  front.get('/liana/v4/permissions/environment', (_req, res) => {
    res.json(true);
  });
  front.use(test.platform.app);

  return {
    test,
    url,
    stop: async () => {
      await new Promise<void>(resolve => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await test.stop();
    },
  };
}
