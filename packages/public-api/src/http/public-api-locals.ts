import type { Response } from 'express';

import type { PublicApiCaller } from '../store/api-token-types';

/** The caller `authenticateToken` found; routes behind it always have one. */
export function callerOf(res: Response): PublicApiCaller {
  const caller = res.locals.caller as PublicApiCaller | undefined;
  if (caller === undefined) throw new Error('Public API: route mounted before authentication');

  return caller;
}
