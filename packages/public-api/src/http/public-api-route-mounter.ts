import type { Router } from 'express';

import type { PublicApiContext } from '../public-api-context';

/**
 * Mounts one route on the `/v1` router. Every route file exports one of these;
 * `create-public-api-router.ts` lists them in order.
 */
export type PublicApiRouteMounter = (router: Router, context: PublicApiContext) => void;
