import { ValidationError } from '@grove/datasource-toolkit';
import type { Logger, LoggerLevel } from '@grove/datasource-toolkit';
import { createDefaultLogger } from './default-logger';

/**
 * Options of `createAgent` (seed §2.1), plus the platform URL and cache/export settings.
 *
 * @example
 * ```ts
 * const options: AgentOptions = {
 *   authSecret: process.env.GROVE_AUTH_SECRET!,
 *   envSecret: process.env.GROVE_ENV_SECRET!,
 *   isProduction: process.env.NODE_ENV === 'production',
 * };
 * ```
 */
export interface AgentOptions {
  /** Signs the session tokens the agent issues (HS256); at least 32 characters. */
  readonly authSecret: string;
  /** The environment secret shared with the platform: 64 hexadecimal characters. */
  readonly envSecret: string;
  /** Production reads the schema file instead of writing it. Default `false`. */
  readonly isProduction?: boolean;
  /** Where logs go (default: the console, filtered by `loggerLevel`). */
  readonly logger?: Logger;
  /** `Debug`, `Info` (default), `Warn` or `Error`. */
  readonly loggerLevel?: LoggerLevel;
  /** Mount path of the routes. Default `/forest`. */
  readonly prefix?: string;
  /** The schema file. Default `.grove-schema.json` in the working directory. */
  readonly schemaPath?: string;
  /** Where TypeScript typings are written at start (development only); unset = not written. */
  readonly typingsPath?: string;
  /** Relation depth of the typings. Default 5. */
  readonly typingsMaxDepth?: number;
  /** Action routes without the positional index: `/_actions/{collection}/{slug}`. */
  readonly useUnsafeActionEndpoint?: boolean;
  /** The platform's URL. Default: `GROVE_SERVER_URL`, else start fails with a clear error. */
  readonly serverUrl?: string;
  /** How long permissions stay cached, in seconds (default 900; events refresh them sooner). */
  readonly permissionsCacheTtlSeconds?: number;
  /** Timeout of each platform call, in ms (default 10 000). */
  readonly platformTimeoutMs?: number;
  /** Records fetched per query while exporting CSV (default 1000). */
  readonly exportPageSize?: number;
  /** Largest number of rows a CSV export writes (default: no limit). */
  readonly limitExportSize?: number;
  /** Longest native query (SQL chart or live-query segment), in characters (default 65 536). */
  readonly maxNativeQueryLength?: number;
  /** Skips writing/sending the schema (tests, read-only replicas). */
  readonly skipSchemaUpdate?: boolean;
}

/** Options after validation, with their defaults. */
export interface ResolvedAgentOptions {
  readonly authSecret: string;
  readonly envSecret: string;
  readonly isProduction: boolean;
  readonly logger: Logger;
  readonly loggerLevel: LoggerLevel;
  /** Normalized mount path: leading slash, no trailing slash, e.g. `/forest`. */
  readonly prefix: string;
  readonly schemaPath: string;
  readonly typingsPath?: string;
  readonly typingsMaxDepth: number;
  readonly useUnsafeActionEndpoint: boolean;
  /** Resolved at start (option, then `GROVE_SERVER_URL`). */
  readonly serverUrl?: string;
  readonly permissionsCacheTtlSeconds: number;
  readonly platformTimeoutMs: number;
  readonly exportPageSize: number;
  readonly limitExportSize?: number;
  readonly maxNativeQueryLength: number;
  readonly skipSchemaUpdate: boolean;
}

const loggerLevels: readonly LoggerLevel[] = ['Debug', 'Info', 'Warn', 'Error'];

/**
 * Validates the options of `createAgent` and fills the defaults; every problem is a
 * `ValidationError` saying which option is wrong and what is expected.
 *
 * @example
 * ```ts
 * const options = resolveAgentOptions({ authSecret, envSecret });
 * options.prefix; // '/forest'
 * ```
 */
export function resolveAgentOptions(options: AgentOptions): ResolvedAgentOptions {
  if (typeof options !== 'object' || options === null) {
    throw new ValidationError(
      'createAgent expects an options object with authSecret and envSecret.',
    );
  }

  const { authSecret, envSecret } = options;
  if (typeof authSecret !== 'string' || authSecret.length === 0) {
    throw new ValidationError('The authSecret option is required (e.g. GROVE_AUTH_SECRET).');
  }
  if (authSecret.length < 32) {
    throw new ValidationError(
      `The authSecret option is too short (${authSecret.length} characters): use at least 32 random characters.`,
    );
  }
  if (typeof envSecret !== 'string' || envSecret.length === 0) {
    throw new ValidationError('The envSecret option is required (e.g. GROVE_ENV_SECRET).');
  }
  if (!/^[0-9a-f]{64}$/i.test(envSecret)) {
    throw new ValidationError(
      'The envSecret option must be the 64 hexadecimal characters the platform gave your environment.',
    );
  }

  const loggerLevel = options.loggerLevel ?? 'Info';
  if (!loggerLevels.includes(loggerLevel)) {
    throw new ValidationError(
      `The loggerLevel option must be one of ${loggerLevels.join(', ')} (got '${String(loggerLevel)}').`,
    );
  }

  return {
    authSecret,
    envSecret,
    isProduction: options.isProduction ?? false,
    loggerLevel,
    logger: createDefaultLogger(loggerLevel, options.logger),
    prefix: normalizePrefix(options.prefix ?? '/forest'),
    schemaPath: options.schemaPath ?? '.grove-schema.json',
    typingsPath: options.typingsPath,
    typingsMaxDepth: positiveInteger('typingsMaxDepth', options.typingsMaxDepth, 5),
    useUnsafeActionEndpoint: options.useUnsafeActionEndpoint ?? false,
    serverUrl: options.serverUrl,
    permissionsCacheTtlSeconds: positiveInteger(
      'permissionsCacheTtlSeconds',
      options.permissionsCacheTtlSeconds,
      900,
    ),
    platformTimeoutMs: positiveInteger('platformTimeoutMs', options.platformTimeoutMs, 10_000),
    exportPageSize: positiveInteger('exportPageSize', options.exportPageSize, 1000),
    limitExportSize:
      options.limitExportSize === undefined
        ? undefined
        : positiveInteger('limitExportSize', options.limitExportSize, 0),
    maxNativeQueryLength: positiveInteger(
      'maxNativeQueryLength',
      options.maxNativeQueryLength,
      65_536,
    ),
    skipSchemaUpdate: options.skipSchemaUpdate ?? false,
  };
}

function normalizePrefix(prefix: string): string {
  if (typeof prefix !== 'string' || !/^[a-zA-Z0-9_\-~/]*$/.test(prefix)) {
    throw new ValidationError(
      `The prefix option may only hold letters, digits, '_', '-', '~' and '/' (got '${String(prefix)}').`,
    );
  }
  const trimmed = prefix.replace(/\/+/g, '/').replace(/^\/|\/$/g, '');

  return `/${trimmed}`;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0) {
    throw new ValidationError(
      `The ${name} option must be a positive integer (got ${String(value)}).`,
    );
  }

  return value;
}
