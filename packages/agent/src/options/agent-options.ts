import { ValidationError } from '@grove/datasource-toolkit';
import type { ActivityLogsMode } from '../activity/activity-log-recorder';
import type { Logger, LoggerLevel } from '@grove/datasource-toolkit';
import { validateAllowedOrigins } from '../http/allowed-origins';
import type { AllowedOrigin } from '../http/allowed-origins';
import { compileTrustedProxies } from '../http/trusted-proxies';
import { createDefaultLogger } from './default-logger';
import { parseByteSize } from './parse-byte-size';

/**
 * Options of `createAgent` (docs/agent-protocol.md#agent-options), plus the platform URL and
 * cache/export settings.
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
  /**
   * Rows a CSV export writes at most, silently cutting the file there (the vendor's option;
   * default: no cut). Compare `maxExportSize`, which refuses instead.
   */
  readonly limitExportSize?: number;
  /** Longest native query (SQL chart or live-query segment), in characters (default 65 536). */
  readonly maxNativeQueryLength?: number;
  /**
   * Largest CSV export, in records: an export that would write more is refused with a 400
   * before any byte is sent (unless `limitExportSize` cuts it below this). Default 1 000 000.
   *
   * @example
   * ```ts
   * createAgent({ authSecret, envSecret, maxExportSize: 50_000 });
   * ```
   */
  readonly maxExportSize?: number;
  /**
   * Largest `page[size]` a list accepts; a larger one is a 400. Default 10 000 (the frontend
   * asks 100 at most).
   *
   * @example
   * ```ts
   * createAgent({ authSecret, envSecret, maxPageSize: 500 });
   * ```
   */
  readonly maxPageSize?: number;
  /**
   * Largest request body (JSON or URL-encoded) of an authenticated request, in bytes or as a
   * string with a unit (`'10mb'`, `'512kb'`); a larger one is a 413. Default `'50mb'` (the
   * protocol's, so that action forms can upload files). Bodies are read only once the session
   * token is verified; the public login route reads at most 4 KB.
   *
   * @example
   * ```ts
   * createAgent({ authSecret, envSecret, maxBodySize: '5mb' });
   * ```
   */
  readonly maxBodySize?: number | string;
  /**
   * The reverse proxies allowed to tell the client's address through `X-Forwarded-For`:
   * IP addresses, CIDR ranges (IPv4 or IPv6) and the names `loopback`, `linklocal`,
   * `uniquelocal`. The client is the right-most address of the header that is not a trusted
   * proxy, starting from the connection's peer; the header of an untrusted peer is ignored.
   * Decides the address the IP whitelist checks and `caller.request.ip`. Default `[]`: nobody
   * is trusted, the peer's address is the client's.
   *
   * @example
   * ```ts
   * // Behind a load balancer in 10.0.0.0/8 and a local nginx:
   * createAgent({ authSecret, envSecret, trustedProxies: ['loopback', '10.0.0.0/8'] });
   * ```
   */
  readonly trustedProxies?: readonly string[];
  /**
   * The frontend origins CORS allows (with credentials): exact origins (`scheme://host[:port]`)
   * or RegExps tested against the `Origin` header. Other origins get no CORS header. Default:
   * the platform's origin (`serverUrl`, where Grove's console is served), plus
   * `https://app.forestadmin.com` when the platform is the vendor's (`*.forestadmin.com`), plus
   * `localhost`, `127.0.0.1` and `[::1]` on any port outside production.
   *
   * @example
   * ```ts
   * createAgent({ authSecret, envSecret, allowedOrigins: ['https://admin.acme.com', /^https:\/\/[a-z]+\.acme\.dev$/] });
   * ```
   */
  readonly allowedOrigins?: readonly AllowedOrigin[];
  /** Skips writing/sending the schema (tests, read-only replicas). */
  readonly skipSchemaUpdate?: boolean;
  /**
   * How the agent's activity logs (sent to the platform) guard its operations. `'strict'`
   * (default): a write (create, update, delete, action, associate, dissociate) is logged before
   * it runs, and refused with a 503 when the platform does not take its log — nothing changes
   * without a trace. `'best-effort'`: the write runs anyway and a warning is logged. `'off'`:
   * nothing is sent. Reads are logged in batches in the first two modes.
   *
   * @example
   * ```ts
   * createAgent({ authSecret, envSecret, activityLogs: 'best-effort' });
   * ```
   */
  readonly activityLogs?: ActivityLogsMode;
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
  /** The option, else `GROVE_SERVER_URL` (checked at start: required then). */
  readonly serverUrl?: string;
  /** The standalone server's port when `mountOnStandaloneServer` gets none: `PORT`, else 3351. */
  readonly standalonePort: number;
  readonly permissionsCacheTtlSeconds: number;
  readonly platformTimeoutMs: number;
  readonly exportPageSize: number;
  readonly limitExportSize?: number;
  readonly maxNativeQueryLength: number;
  readonly maxExportSize: number;
  readonly maxPageSize: number;
  /** In bytes. */
  readonly maxBodySize: number;
  readonly trustedProxies: readonly string[];
  /** `undefined`: the default origins, computed from the platform URL at start. */
  readonly allowedOrigins?: readonly AllowedOrigin[];
  readonly skipSchemaUpdate: boolean;
  readonly activityLogs: ActivityLogsMode;
}

const loggerLevels: readonly LoggerLevel[] = ['Debug', 'Info', 'Warn', 'Error'];
const activityLogsModes: readonly ActivityLogsMode[] = ['strict', 'best-effort', 'off'];

/**
 * Validates the options of `createAgent` and fills the defaults; every problem is a
 * `ValidationError` saying which option is wrong and what is expected. The one place the agent
 * reads environment variables: `GROVE_SERVER_URL` (the default `serverUrl`) and `PORT` (the
 * default port of the standalone server).
 *
 * @param env - The environment variables (default `process.env`).
 *
 * @example
 * ```ts
 * const options = resolveAgentOptions({ authSecret, envSecret });
 * options.prefix; // '/forest'
 * ```
 */
export function resolveAgentOptions(
  options: AgentOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedAgentOptions {
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

  const trustedProxies = options.trustedProxies ?? [];
  compileTrustedProxies(trustedProxies);
  if (options.allowedOrigins !== undefined) validateAllowedOrigins(options.allowedOrigins);
  const activityLogs = options.activityLogs ?? 'strict';
  if (!activityLogsModes.includes(activityLogs)) {
    throw new ValidationError(
      `The activityLogs option must be one of ${activityLogsModes.join(', ')} (got '${String(activityLogs)}').`,
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
    serverUrl: options.serverUrl ?? env.GROVE_SERVER_URL,
    standalonePort: Number(env.PORT ?? 3351),
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
    maxExportSize: positiveInteger('maxExportSize', options.maxExportSize, 1_000_000),
    maxPageSize: positiveInteger('maxPageSize', options.maxPageSize, 10_000),
    maxBodySize: parseByteSize('maxBodySize', options.maxBodySize ?? '50mb'),
    trustedProxies,
    allowedOrigins: options.allowedOrigins,
    skipSchemaUpdate: options.skipSchemaUpdate ?? false,
    activityLogs,
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
