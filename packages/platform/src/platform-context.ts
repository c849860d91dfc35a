import type { Logger } from '@grove/datasource-toolkit';
import type { PublicApiRateLimits } from '@grove/public-api';

import type { LoginRateLimiter } from './auth/login-rate-limiter';
import type { RateLimiterFactory } from './auth/rate-limiter-factory';
import type { PlatformDatabase } from './database/platform-database';
import type { EventStreamCounter } from './events/event-stream-counter';
import type { PlatformEventBus } from './events/platform-event-bus';
import type { HostedAgentSupervisor } from './hosting/hosted-agent-supervisor';
import type { SandboxState } from './sandbox/sandbox-state';

/**
 * `standard`: the real platform. `sandbox`: the test kit's stand-in (in-memory database,
 * permissive defaults, any non-empty env secret provisions its environment, the test-kit routes).
 */
export type PlatformMode = 'standard' | 'sandbox';

/** What every route and service of a running platform shares. */
export interface PlatformContext {
  readonly db: PlatformDatabase;
  readonly events: PlatformEventBus;
  /** The URL users and agents reach the platform at, without trailing slash (the OIDC issuer's base). */
  readonly publicUrl: string;
  readonly mode: PlatformMode;
  readonly logger: Logger;
  /** Period of the event-stream heartbeats. */
  readonly heartbeatIntervalMs: number;
  /** The agents' event streams this process holds. */
  readonly streams: EventStreamCounter;
  /** Sandbox mode only: what the test kit reads synchronously (see {@link SandboxState}). */
  readonly sandbox: SandboxState | undefined;
  /** Makes the platform's rate limiters (in Redis, per deployment, when configured). */
  readonly rateLimiter: RateLimiterFactory;
  /** The one limiter of failed logins (console and OpenID login page), in Redis when configured. */
  readonly loginLimiter: LoginRateLimiter;
  /** The HMAC-SHA256 key of workflow webhook URLs (32 bytes, stored once per deployment). */
  readonly webhookKey: Uint8Array;
  /** The public API's rate limits, as configured (defaults apply to what is not set). */
  readonly publicApiRateLimits: Partial<PublicApiRateLimits>;
  /** The agents the platform hosts itself, one child process per hosted environment. */
  readonly hostedAgents: HostedAgentSupervisor;
  /** Registers work to do when the platform closes (end streams, stop timers), before the database closes. */
  onClose(hook: () => Promise<void> | void): void;
}
