import { CommanderError } from 'commander';

import { platformStartMessage } from '../cli/platform-start-message';
import { readPlatformCliOptions } from '../cli/read-platform-cli-options';
import { createPlatform } from '../create-platform';

// `grove-platform [options]`: starts the platform until SIGINT/SIGTERM.
async function main(): Promise<void> {
  const options = readPlatformCliOptions(process.argv.slice(2), process.env);
  const platform = await createPlatform({
    ...options,
    logger: (level, message) => {
      if (level !== 'Debug') process.stderr.write(`[grove platform] ${level}: ${message}\n`);
    },
  });
  process.stdout.write(`${platformStartMessage(platform)}\n`);

  const stop = () => {
    platform.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  process.stderr.write(`grove-platform: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
