import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';

import type { TestServer } from '../../helpers/test-databases';
import { startTestPlatform } from '../../helpers/test-platform';
import type { TestPlatform } from '../../helpers/test-platform';

/** A test platform served by a server of the test. */
export interface LoginTestPlatform {
  readonly test: TestPlatform;
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Starts a platform mounted in the test's own server (`platform.app`, composition mode with a
 * given public URL), as an application embedding the platform does.
 */
export async function startLoginPlatform(server: TestServer): Promise<LoginTestPlatform> {
  const front = express();
  const http: Server = createServer(front);
  await new Promise<void>(resolve => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const test = await startTestPlatform(server, { port: undefined, publicUrl: url });
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
