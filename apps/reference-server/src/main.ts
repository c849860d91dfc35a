import { readConfig } from './reference-server-config';
import { startReferenceServer } from './start-reference-server';

// `npm start` at the repository root builds this app and runs this file.
async function main(): Promise<void> {
  const config = readConfig(process.env);
  const server = await startReferenceServer(config, message => console.log(`  ${message}`));
  const { agentUrl, token, counts, admin } = server;
  const list = `${agentUrl}/customers?timezone=Europe/Paris&page%5Bsize%5D=5&fields%5Bcustomers%5D=id,full_name,email`;

  console.log(
    [
      '',
      'Grove reference server is running.',
      '',
      `  Console:   ${server.platform.url}/console/  (sign in as the admin below)`,
      `  Agent:     ${agentUrl}`,
      `  Platform:  ${server.platform.url}`,
      `  MCP:       ${server.mcpUrl}`,
      `  Admin:     ${admin.email} / ${admin.password ?? '(the password printed at the first start)'}`,
      `  Platform data: ${config.platformDatabaseUrl.replace(/\/\/[^@/]*@/, '//***@')}`,
      `  Database:  ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')} (${counts.customers ?? 0} customers, ${counts.orders ?? 0} orders)`,
      '',
      'Bearer token of the demo user (development only, valid 12 hours):',
      '',
      `  export GROVE_TOKEN=${token}`,
      '',
      'List five customers:',
      '',
      `  curl -H "Authorization: Bearer $GROVE_TOKEN" "${list}"`,
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  const stop = () => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch(error => {
  const { code, message } = error as { code?: string; message?: string };
  console.error(message ?? error);
  if (code === 'EADDRINUSE') {
    console.error('A port is taken: choose others with PORT (agent) and GROVE_PLATFORM_PORT.');
  }
  process.exit(1);
});
