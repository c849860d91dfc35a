// The entry of a hosted agent's child process (built to dist/hosting/hosted-agent-process.js):
// it waits for its configuration on the IPC channel, builds the agent, applies the bundle's
// customization, serves it on a free local port and tells the supervisor so.
import { join } from 'node:path';

import { createAgent } from '@grove/agent';
import type { Agent } from '@grove/agent';
import { createSqlDataSource } from '@grove/datasource-sql';

import type {
  HostedAgentConfig,
  HostedAgentMessage,
  SupervisorMessage,
} from './hosted-agent-messages';

let agent: Agent | undefined;

function send(message: HostedAgentMessage): void {
  process.send?.(message);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The customization function of the bundle: its `default` export, else the module itself. */
function loadCustomization(bundleDir: string): (agent: Agent) => unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is CommonJS
  const loaded: unknown = require(join(bundleDir, 'nodejs', 'customization', 'index.js'));
  const candidate =
    loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
  if (typeof candidate !== 'function') {
    throw new Error('Customization file must export a function');
  }

  return candidate as (agent: Agent) => unknown;
}

async function start(config: HostedAgentConfig): Promise<void> {
  const created = createAgent({
    serverUrl: config.serverUrl,
    envSecret: config.envSecret,
    authSecret: config.authSecret,
    // The bundle is the source of truth: the schema is generated at every start (into the
    // bundle's folder) and sent to the platform when it changed.
    isProduction: false,
    schemaPath: join(config.bundleDir, '.grove-schema.json'),
    logger: (level, message) => send({ type: 'log', level, message }),
  });
  agent = created;
  for (const datasource of config.datasources) {
    const suffix = datasource.datasourceSuffix;
    created.addDataSource(
      createSqlDataSource(datasource.connectionUri, { introspection: datasource.introspection }),
      suffix ? { rename: name => `${name}${suffix}` } : undefined,
    );
  }
  await loadCustomization(config.bundleDir)(created);
  created.mountOnStandaloneServer(0, '127.0.0.1');
  await created.start();
  send({ type: 'ready', port: created.port as number });
}

async function stop(): Promise<void> {
  try {
    await agent?.stop();
  } finally {
    process.exit(0);
  }
}

process.on('message', (message: SupervisorMessage) => {
  if (message.type === 'start') {
    start(message.config).catch(error => {
      send({ type: 'failed', error: errorMessage(error) });
      // Let the IPC message leave before exiting.
      setImmediate(() => process.exit(1));
    });
  } else if (message.type === 'stop') {
    void stop();
  }
});
// The supervisor went away (platform crashed): do not outlive it.
process.on('disconnect', () => void stop());
