import type { NextFunction, Request, Response } from 'express';
import type { EventStreamHub } from './event-stream-hub';
import type { SandboxStore } from './sandbox-store';

/** Severity of a sandbox log line. */
export type SandboxLogLevel = 'Debug' | 'Info' | 'Warn' | 'Error';

/** Receives the sandbox's log lines (unknown routes are logged at `Debug`). */
export type SandboxLogger = (level: SandboxLogLevel, message: string) => void;

/** What every route of the sandbox shares. */
export interface SandboxContext {
  readonly store: SandboxStore;
  readonly hub: EventStreamHub;
  readonly logger: SandboxLogger;
  /** Pause after sending refresh events, so an agent in another process reads them first. */
  readonly refreshSettleMs: number;
}

/** Name of the header that carries the environment secret (the sandbox's tenant key). */
export const envSecretHeader = 'forest-secret-key';

/**
 * Express middleware: answers 401 when the request has no `forest-secret-key`, as the real
 * server does, and otherwise stores the secret in `res.locals.envSecret`.
 *
 * @example
 * ```ts
 * router.get('/liana/v4/permissions/users', requireEnvSecret, handler);
 * ```
 */
export function requireEnvSecret(req: Request, res: Response, next: NextFunction): void {
  const envSecret = req.get(envSecretHeader);
  if (envSecret === undefined || envSecret === '') {
    res.status(401).json({ errors: [{ detail: `Missing the ${envSecretHeader} header` }] });

    return;
  }
  res.locals.envSecret = envSecret;
  next();
}

/** The env secret `requireEnvSecret` stored for this request. */
export function envSecretOf(res: Response): string {
  return String(res.locals.envSecret);
}

/**
 * Tells the agents of an environment to drop their permission caches (roles, users, the sandbox
 * user's rendering), through the refresh events the vendor agent listens to.
 *
 * @example
 * ```ts
 * await refreshPermissions(context, envSecret);
 * ```
 */
export async function refreshPermissions(
  context: SandboxContext,
  envSecret: string,
): Promise<void> {
  const { hub } = context;
  const sent = await hub.send(envSecret, 'refresh-roles', {});
  await hub.send(envSecret, 'refresh-users', {});
  await hub.send(envSecret, 'refresh-renderings', { renderingIds: [1] });
  if (sent > 0 && context.refreshSettleMs > 0) {
    await new Promise(resolve => setTimeout(resolve, context.refreshSettleMs));
  }
}
