// One agent in a process of its own, so that its CPU time and memory are measured alone:
//   BENCH_TARGET='{"agent":"grove",…}' node dist/target-process.js
// Prints one JSON line `{"ready":true,"port":…}` when the agent listens; stops on SIGTERM.
import type { TargetOptions, TargetReady } from './target-options';

async function startGrove(
  options: TargetOptions,
): Promise<{ port: number; stop(): Promise<void> }> {
  const { createAgent } = await import('@grove/agent');
  const { createSqlDataSource } = await import('@grove/datasource-sql');
  const agent = createAgent({
    authSecret: options.authSecret,
    envSecret: options.envSecret,
    serverUrl: options.serverUrl,
    schemaPath: options.schemaPath,
    isProduction: false,
    loggerLevel: 'Error',
  }).addDataSource(createSqlDataSource(options.databaseUrl));
  // The MCP server answers under /mcp of the agent's origin; its tools call the agent back.
  if (options.mcp) agent.mountAiMcpServer();
  agent.mountOnStandaloneServer(options.port ?? 0, '127.0.0.1');
  await agent.start();

  return { port: agent.port as number, stop: () => agent.stop() };
}

async function startVendor(
  options: TargetOptions,
): Promise<{ port: number; stop(): Promise<void> }> {
  // The vendor's published packages are devDependencies of the bench only: absent, the runner
  // measures Grove alone.
  const { createAgent } = await import('@forestadmin/agent');
  const { createSqlDataSource } = await import('@forestadmin/datasource-sql');
  const agent = createAgent({
    authSecret: options.authSecret,
    envSecret: options.envSecret,
    forestServerUrl: options.serverUrl,
    schemaPath: options.schemaPath,
    isProduction: false,
    loggerLevel: 'Error',
  }).addDataSource(createSqlDataSource(options.databaseUrl));
  if (options.mcp) throw new Error("The vendor's published agent has no MCP server");
  agent.mountOnStandaloneServer(options.port ?? 0, '127.0.0.1');
  await agent.start();

  return { port: agent.standaloneServerPort, stop: () => agent.stop() };
}

async function main(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_TARGET ?? '') as TargetOptions;
  const target =
    options.agent === 'vendor' ? await startVendor(options) : await startGrove(options);
  const ready: TargetReady = { ready: true, port: target.port };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = () => {
    // --cpu-prof writes its profile on a normal exit: stop the agent, then exit (a signal handler:
    // nothing awaits it, and the process exits whatever the stop did).
    void target.stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
