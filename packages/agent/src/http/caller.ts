import type { Caller } from '@grove/datasource-toolkit';
import type { Request, Response } from 'express';
import { parseTimezone } from '../query/parse-timezone';
import { userOf } from './middlewares/authenticate';
import { clientIpOf } from './middlewares/client-ip';
import { correlationIdOf } from './middlewares/correlation-id';

/**
 * The caller of a request: the session's user, the `timezone` of the query string (required and
 * validated, docs/agent-protocol.md#timezone), the correlation id, the client's IP (through trusted
 * proxies only) and the frontend page's project/environment (`Forest-Context-Url`).
 *
 * @example
 * ```ts
 * const caller = callerOf(request, response);
 * await collection.list(caller, filter, projection);
 * ```
 */
export function callerOf(request: Request, response: Response): Caller {
  const user = userOf(response);
  const timezone = parseTimezone(request.query);
  const context = parseContextUrl(request.headers['forest-context-url']);

  // Not `{ ...user, timezone, … }`: see docs/style.md#hot-paths.
  return Object.assign({}, user, {
    timezone,
    requestId: correlationIdOf(response),
    ...context,
    request: { ip: clientIpOf(response) },
  });
}

function parseContextUrl(header: unknown): { project?: string; environment?: string } {
  if (typeof header !== 'string') return {};
  try {
    const [project, environment] = new URL(header).pathname.split('/').filter(Boolean);

    return { project, environment };
  } catch {
    return {};
  }
}
