import { ValidationError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';

import type { McpTokenTtl } from './mcp-router-options';

/** The floor of both caps: the token endpoint's rate limit makes shorter lives unusable. */
export const MIN_TOKEN_TTL_SECONDS = 60;

function check(field: keyof McpTokenTtl, value: number | undefined, logger: Logger) {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ValidationError(
      `Invalid tokenTtl.${field} "${String(value)}": it must be a positive integer number of seconds.`,
    );
  }
  if (value < MIN_TOKEN_TTL_SECONDS) {
    logger('Warn', `tokenTtl.${field} ${value} is raised to ${MIN_TOKEN_TTL_SECONDS} seconds.`);

    return MIN_TOKEN_TTL_SECONDS;
  }

  return value;
}

/**
 * Validates `tokenTtl` (docs/mcp.md#token-lifetimes): positive integers (else a start-up error with
 * the field and value), raised to 60 s with a warning; a refresh cap below the access cap is warned
 * about.
 *
 * @example
 * ```ts
 * resolveTokenTtl({ accessTokenSeconds: 900 }, logger); // { accessTokenSeconds: 900 }
 * ```
 */
export function resolveTokenTtl(ttl: McpTokenTtl | undefined, logger: Logger): McpTokenTtl {
  const accessTokenSeconds = check('accessTokenSeconds', ttl?.accessTokenSeconds, logger);
  const refreshTokenSeconds = check('refreshTokenSeconds', ttl?.refreshTokenSeconds, logger);
  if (
    accessTokenSeconds !== undefined &&
    refreshTokenSeconds !== undefined &&
    refreshTokenSeconds < accessTokenSeconds
  ) {
    logger(
      'Warn',
      `tokenTtl.refreshTokenSeconds (${refreshTokenSeconds}) is below tokenTtl.accessTokenSeconds (${accessTokenSeconds}). Did you swap the two values?`,
    );
  }

  return {
    ...(accessTokenSeconds === undefined ? {} : { accessTokenSeconds }),
    ...(refreshTokenSeconds === undefined ? {} : { refreshTokenSeconds }),
  };
}
