import type { AgentUser } from '@grove/agent';

/** What the platform process receives (as JSON in `BENCH_PLATFORM`). */
export interface PlatformProcessOptions {
  /** The port to listen on (chosen free by the runner: the public URL names it). */
  readonly port: number;
  /** The platform's SQLite file (created and bootstrapped on the first start). */
  readonly databasePath: string;
  /** The development environment's env secret (64 hex characters), given to the agent too. */
  readonly envSecret: string;
  /** The agent's URL, recorded on the environment (the MCP server builds its OAuth URLs from it). */
  readonly agentUrl: string;
  /** The bootstrap admin's password (given: no change asked at the first login). */
  readonly adminPassword: string;
}

/** The line the platform process prints once it listens. */
export interface PlatformReady {
  readonly ready: true;
  readonly port: number;
  readonly adminEmail: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly environmentId: number;
  readonly environmentName: string;
  /** The admin's session claims in the environment (what an agent signs at login). */
  readonly adminClaims: AgentUser;
}
