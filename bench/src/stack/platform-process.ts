// The Grove platform (standard mode, SQLite) in a process of its own, so that the CPU time and
// memory of what it serves (the public API) are measured alone:
//   BENCH_PLATFORM='{"databasePath":…}' node dist/platform-process.js
// Prints one JSON line `{"ready":true,"port":…}` when it listens; stops on SIGTERM.
import { createPlatform, environmentUserClaims } from '@grove/platform';
import type { PlatformProcessOptions, PlatformReady } from './platform-process-options';

/** No rate limit the benchmark's load could reach (the defaults allow 60 requests a minute). */
const unlimited = 1_000_000_000;

async function main(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_PLATFORM ?? '') as PlatformProcessOptions;
  const platform = await createPlatform({
    port: options.port,
    host: '127.0.0.1',
    // The pages, the OIDC issuer and the agent reach it at 127.0.0.1 (not `localhost`, which may
    // resolve to ::1 first).
    publicUrl: `http://127.0.0.1:${options.port}`,
    database: { url: `sqlite:${options.databasePath}` },
    bootstrap: {
      envSecret: options.envSecret,
      agentUrl: options.agentUrl,
      adminPassword: options.adminPassword,
      mustChangePassword: false,
    },
    publicApiRateLimits: {
      perMinute: unlimited,
      perHour: unlimited,
      perDay: unlimited,
      perIpPerMinute: unlimited,
    },
    logger: (level, message) => {
      if (level === 'Error') process.stderr.write(`platform: ${message}\n`);
    },
  });
  const { bootstrap } = platform;
  if (!bootstrap)
    throw new Error(`${options.databasePath} was bootstrapped before: use a new file`);
  const ready: PlatformReady = {
    ready: true,
    port: options.port,
    adminEmail: bootstrap.adminEmail,
    projectId: bootstrap.project.id,
    projectName: bootstrap.project.name,
    environmentId: bootstrap.environment.id,
    environmentName: bootstrap.environment.name,
    adminClaims: await environmentUserClaims(platform.context, bootstrap.environment),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  const stop = () => {
    // A signal handler: nothing awaits it, and the process exits (0) whatever the close did.
    void platform.close().finally(() => process.exit(0));
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
