import type { PublicApiRateLimits } from '@grove/public-api';
import { Command, InvalidArgumentError } from 'commander';

import type { BootstrapOptions } from '../bootstrap/bootstrap-platform';
import type { PlatformOptions } from '../platform-options';

/** What `grove-platform` starts the platform with. */
export type PlatformCliOptions = PlatformOptions & {
  readonly port: number;
  readonly bootstrap: BootstrapOptions;
};

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidArgumentError('expected an integer from 0 to 65535');
  }

  return port;
}

/** `60,1000,10000`: three positive integers, per minute, hour and day. */
function parseRateLimits(
  value: string,
): Pick<PublicApiRateLimits, 'perMinute' | 'perHour' | 'perDay'> {
  const parts = value.split(',').map(part => part.trim());
  if (parts.length !== 3 || !parts.every(part => /^[1-9][0-9]{0,8}$/.test(part))) {
    throw new InvalidArgumentError(
      'expected three positive integers, per minute, hour and day (e.g. 60,1000,10000)',
    );
  }
  const [perMinute, perHour, perDay] = parts.map(Number) as [number, number, number];

  return { perMinute, perHour, perDay };
}

/**
 * Reads the `grove-platform` command line; each option falls back to its environment variable.
 * Throws a commander error (with exit code) on bad input or `--help`.
 *
 * @example
 * ```ts
 * const options = readPlatformCliOptions(['--port', '3352'], process.env);
 * ```
 */
export function readPlatformCliOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): PlatformCliOptions {
  const program = new Command('grove-platform')
    .description('The self-hosted Grove platform: agents, login, administration.')
    .option(
      '-p, --port <port>',
      'port to listen on (PORT)',
      parsePort,
      parsePort(env.PORT || '3352'),
    )
    .option('--host <host>', 'host to bind (HOST)', env.HOST || '127.0.0.1')
    .option(
      '--public-url <url>',
      'URL users and agents reach the platform at (GROVE_PLATFORM_URL; default http://localhost:<port>)',
      env.GROVE_PLATFORM_URL || undefined,
    )
    .option(
      '--database-url <url>',
      'sqlite:<file> or postgres://… (GROVE_PLATFORM_DATABASE_URL; default sqlite:grove-platform.sqlite)',
      env.GROVE_PLATFORM_DATABASE_URL || undefined,
    )
    .option(
      '--redis-url <url>',
      'share events between platform processes (GROVE_REDIS_URL)',
      env.GROVE_REDIS_URL || undefined,
    )
    .option(
      '--admin-email <email>',
      'first start: the admin user (GROVE_ADMIN_EMAIL)',
      env.GROVE_ADMIN_EMAIL || 'admin@grove.local',
    )
    .option(
      '--agent-url <url>',
      "first start: the development environment's agent URL (GROVE_AGENT_URL)",
      env.GROVE_AGENT_URL || 'http://localhost:3351',
    )
    .option(
      '--api-rate-limits <perMinute,perHour,perDay>',
      'requests per API token on the public API (GROVE_API_RATE_LIMITS; default 60,1000,10000)',
      parseRateLimits,
      env.GROVE_API_RATE_LIMITS ? parseRateLimits(env.GROVE_API_RATE_LIMITS) : undefined,
    )
    .exitOverride();
  program.parse([...argv], { from: 'user' });
  const options = program.opts<{
    port: number;
    host: string;
    publicUrl?: string;
    databaseUrl?: string;
    redisUrl?: string;
    adminEmail: string;
    agentUrl: string;
    apiRateLimits?: Pick<PublicApiRateLimits, 'perMinute' | 'perHour' | 'perDay'>;
  }>();

  return {
    port: options.port,
    host: options.host,
    publicUrl: options.publicUrl,
    redisUrl: options.redisUrl,
    // Environment only (no flag): a flag's value would show in the process list.
    secretKey: env.GROVE_PLATFORM_SECRET_KEY || undefined,
    database: options.databaseUrl ? { url: options.databaseUrl } : {},
    bootstrap: { adminEmail: options.adminEmail, agentUrl: options.agentUrl },
    ...(options.apiRateLimits ? { publicApiRateLimits: options.apiRateLimits } : {}),
  };
}
