/** The agents the benchmark compares. */
export type TargetName = 'grove' | 'vendor';

/** What a target process receives (as JSON in `BENCH_TARGET`): everything an agent needs. */
export interface TargetOptions {
  readonly agent: TargetName;
  /** The shop's connection URL (`sqlite:/path` or `postgres://…`). */
  readonly databaseUrl: string;
  /** The platform (sandbox) URL the agent talks to. */
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly authSecret: string;
  /** Where the agent writes its schema file. */
  readonly schemaPath: string;
  /**
   * Grove only: mount the MCP server in the agent (`agent.mountAiMcpServer()`, OAuth through the
   * platform). Needs a standard platform whose environment names the agent's URL (see `port`).
   */
  readonly mcp?: boolean;
  /** The port to listen on (default 0: a free one). */
  readonly port?: number;
}

/** The line a target process prints on stdout once its agent answers: `{"ready":true,"port":…}`. */
export interface TargetReady {
  readonly ready: true;
  readonly port: number;
}
