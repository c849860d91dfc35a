// The platform sandbox every agent of the run talks to, in a process of its own: the runner's
// event loop (autocannon's) does not delay the platform calls of Grove's audited writes, and the
// platform's CPU time is measured apart from the agents' and the runner's:
//   node dist/sandbox-process.js
// Prints one JSON line `{"ready":true,"url":…}` when it listens; stops on SIGTERM.
import { createForestServerSandbox } from '@grove/agent-testing';

async function main(): Promise<void> {
  const sandbox = await createForestServerSandbox(0);
  process.once('SIGTERM', () => {
    void sandbox.close().finally(() => process.exit(0));
  });
  console.log(JSON.stringify({ ready: true, url: sandbox.url }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
