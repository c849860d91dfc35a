import { Command } from 'commander';

import type { McpToolsRegistrar } from '../options/mcp-router-options';
import { readStandaloneConfig } from './read-standalone-config';
import { startStandaloneServer } from './start-standalone-server';
import type { StandaloneServer } from './start-standalone-server';

/** What the CLI works with (injected by tests). */
export interface ProgramDeps {
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
  readonly registerTools?: McpToolsRegistrar;
  /** Called with the running server. */
  readonly onStarted?: (server: StandaloneServer) => void;
}

/**
 * The `grove-mcp-server` command: reads the variables, starts the server, logs where it listens
 * and the URL it advertises (warning when it is localhost).
 *
 * @example
 * ```ts
 * await makeProgram({ env: process.env, log: console.log }).parseAsync(process.argv);
 * ```
 */
export function makeProgram(deps: ProgramDeps): Command {
  return new Command('grove-mcp-server')
    .description(
      'Serves the Grove MCP server for a remote agent (configured by environment variables).',
    )
    .action(async () => {
      const config = readStandaloneConfig(deps.env);
      const server = await startStandaloneServer(
        { ...config.router, ...(deps.registerTools ? { registerTools: deps.registerTools } : {}) },
        config.port,
      );
      const advertised = config.router.publicUrl ?? '';
      deps.log(`Grove MCP server running on port ${server.port}, advertising ${advertised}/mcp`);
      if (/^https?:\/\/localhost[:/]/.test(`${advertised}/`)) {
        deps.log('Warning: advertising localhost; set GROVE_MCP_SERVER_URL when deployed.');
      }
      deps.onStarted?.(server);
    });
}
