import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the system picks it), for a process whose URL must be
 * known before it starts (the platform's public URL, the agent's URL on its environment).
 *
 * @example
 * ```ts
 * const port = await freePort(); // 41873
 * ```
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
