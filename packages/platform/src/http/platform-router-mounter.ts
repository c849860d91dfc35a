import type { Router } from 'express';

import type { PlatformContext } from '../platform-context';

/**
 * Mounts one route (or one tightly bound group) on the platform router. Every route file exports
 * one of these; `build-platform-router.ts` lists them in order.
 */
export type PlatformRouteMounter = (router: Router, context: PlatformContext) => void;
