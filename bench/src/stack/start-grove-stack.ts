import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUserToken } from '@grove/agent-client';
import { authorizeMcpClient } from '@grove/mcp-server/testing';
import { Sequelize } from 'sequelize';
import { spawnReadyProcess } from '../targets/spawn-ready-process';
import { spawnTarget } from '../targets/spawn-target';
import type { RunningTarget } from '../targets/spawn-target';
import { createApiToken } from './create-api-token';
import { freePort } from './free-port';
import type { PlatformProcessOptions, PlatformReady } from './platform-process-options';

/** The platform process of a {@link GroveStack}. */
export interface StackPlatform {
  readonly pid: number;
  readonly url: string;
  readonly ready: PlatformReady;
}

/** A real Grove deployment for the Grove-only kinds, with a credential of each kind. */
export interface GroveStack {
  readonly platform: StackPlatform;
  /** The Grove agent on the shop, with the MCP server mounted, on the platform's environment. */
  readonly agent: RunningTarget;
  /** The admin's agent session token (what the agent signs at login). */
  readonly userToken: string;
  /** A public-API token of the project, scope `activity_logs:read`. */
  readonly apiToken: string;
  /** An MCP access token the platform issued to an AI client (OAuth, the admin's consent). */
  readonly mcpToken: string;
  /** The runner's own connection to the platform's database (validations, raw queries). */
  readonly platformDb: Sequelize;
  stop(): Promise<void>;
}

/** Options of {@link startGroveStack}. */
export interface StartGroveStackOptions {
  /** The shop's connection URL. */
  readonly databaseUrl: string;
  /** The built scripts (default: beside this file, in `dist/`; tests give the `dist/` paths). */
  readonly platformScript?: string;
  readonly targetScript?: string;
  /** Extra `node` flags of either process (`--profile`: `--cpu-prof` on the one measured). */
  readonly nodeFlags?: {
    readonly agent?: readonly string[];
    readonly platform?: readonly string[];
  };
}

/**
 * Starts a real Grove stack: the platform (standard mode, a new SQLite file, bootstrapped with a
 * known admin password and env secret) in a process of its own, the Grove agent in another one
 * (that env secret, the MCP server mounted, on the port the environment names), then obtains an
 * API token through the admin API and an MCP access token through the official MCP SDK client
 * and the platform's sign-in and consent pages.
 *
 * @example
 * ```ts
 * const stack = await startGroveStack({ databaseUrl: database.url });
 * await fetch(`${stack.agent.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${stack.mcpToken}` } });
 * await stack.stop();
 * ```
 */
export async function startGroveStack(options: StartGroveStackOptions): Promise<GroveStack> {
  const directory = mkdtempSync(join(tmpdir(), 'grove-bench-stack-'));
  const envSecret = randomBytes(32).toString('hex');
  const authSecret = randomBytes(32).toString('hex');
  const password = `Bench-${randomBytes(12).toString('base64url')}-9z`;
  const [platformPort, agentPort] = [await freePort(), await freePort()];
  const platformOptions: PlatformProcessOptions = {
    port: platformPort,
    databasePath: join(directory, 'platform.sqlite'),
    envSecret,
    agentUrl: `http://127.0.0.1:${agentPort}`,
    adminPassword: password,
  };
  const platform = await spawnReadyProcess<PlatformReady>({
    script: options.platformScript ?? join(__dirname, 'platform-process.js'),
    variable: 'BENCH_PLATFORM',
    payload: platformOptions,
    label: 'The platform',
    nodeFlags: options.nodeFlags?.platform ?? [],
    timeoutMs: 60_000,
  });
  const platformUrl = `http://127.0.0.1:${platform.ready.port}`;
  const platformDb = new Sequelize(`sqlite:${platformOptions.databasePath}`, {
    logging: false,
    pool: { max: 1 },
  });
  let agent: RunningTarget | undefined;
  const stop = async () => {
    await agent?.stop();
    await platform.stop();
    await platformDb.close();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    agent = await spawnTarget(
      {
        agent: 'grove',
        databaseUrl: options.databaseUrl,
        serverUrl: platformUrl,
        envSecret,
        authSecret,
        schemaPath: join(directory, '.grove-schema.json'),
        mcp: true,
        port: agentPort,
      },
      {
        nodeFlags: options.nodeFlags?.agent ?? [],
        ...(options.targetScript ? { script: options.targetScript } : {}),
      },
    );
    const user = { email: platform.ready.adminEmail, password };
    const apiToken = await createApiToken({
      platformUrl,
      projectId: platform.ready.projectId,
      admin: user,
    });
    const { tokens } = await authorizeMcpClient({ mcpUrl: `${agent.url}/mcp`, user });
    const userToken = await signUserToken({
      authSecret,
      user: platform.ready.adminClaims,
      expiresInSeconds: 86_400,
    });

    return {
      platform: { pid: platform.pid, url: platformUrl, ready: platform.ready },
      agent,
      userToken,
      apiToken,
      mcpToken: tokens.access_token,
      platformDb,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
