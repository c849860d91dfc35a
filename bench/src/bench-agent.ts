import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUserToken } from '@grove/agent-client';
import { sandboxUser } from '@grove/agent-testing';
import { spawnTarget } from './targets/spawn-target';
import type { RunningTarget, SpawnTargetOptions } from './targets/spawn-target';
import type { TargetName } from './targets/target-options';

/** An agent started for the benchmark, with a bearer token of the sandbox's admin user. */
export interface BenchAgent {
  readonly name: TargetName;
  readonly target: RunningTarget;
  readonly token: string;
}

/**
 * Starts one agent in its own process on a shop, with secrets and a schema file of its own, and
 * signs a session token for the sandbox user.
 *
 * @example
 * ```ts
 * const grove = await startBenchAgent('grove', database.url, sandbox.url);
 * await fetch(`${grove.target.url}/forest/customers/count?timezone=UTC`, { headers: { authorization: `Bearer ${grove.token}` } });
 * ```
 */
export async function startBenchAgent(
  name: TargetName,
  databaseUrl: string,
  serverUrl: string,
  spawnOptions: SpawnTargetOptions = {},
): Promise<BenchAgent> {
  const authSecret = randomBytes(32).toString('hex');
  const target = await spawnTarget(
    {
      agent: name,
      databaseUrl,
      serverUrl,
      envSecret: randomBytes(32).toString('hex'),
      authSecret,
      schemaPath: join(
        mkdtempSync(join(tmpdir(), `grove-bench-${name}-`)),
        '.forestadmin-schema.json',
      ),
    },
    spawnOptions,
  );
  const token = await signUserToken({ authSecret, user: sandboxUser, expiresInSeconds: 86_400 });

  return { name, target, token };
}

/**
 * True when the vendor's agent is installed (a devDependency of the bench).
 *
 * @example
 * ```ts
 * vendorInstalled(); // true
 * ```
 */
export function vendorInstalled(): boolean {
  try {
    require.resolve('@forestadmin/agent');

    return true;
  } catch {
    return false;
  }
}
