import { GroveError, errorCodeForStatus } from '@grove/datasource-toolkit';
import type { PermissionOverride } from '../sandbox/permission-override';

/** Options of {@link createSandboxChannel}. */
export interface SandboxChannelOptions {
  /** The sandbox URL (the agent's server URL). */
  readonly serverUrl: string;
  /** The agent's env secret: the sandbox keeps one environment per secret. */
  readonly envSecret: string;
}

/** The test client's side of the sandbox's test-kit routes. */
export interface SandboxChannel {
  registerSchema(schema: unknown): Promise<void>;
  mergePermissionOverride(override: PermissionOverride): Promise<void>;
  clearPermissionOverride(): Promise<void>;
}

/**
 * Talks to a sandbox's test-kit routes (`/agent-schema`, `/permission-override`) for one
 * environment. A sandbox that cannot be reached or refuses a call gives a `GroveError`.
 *
 * @example
 * ```ts
 * const channel = createSandboxChannel({ serverUrl: 'http://127.0.0.1:3001', envSecret });
 * await channel.mergePermissionOverride({ orders: { collection: { deleteEnabled: false } } });
 * ```
 */
export function createSandboxChannel(options: SandboxChannelOptions): SandboxChannel {
  const call = async (method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<void> => {
    const url = new URL(path, options.serverUrl).toString();
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'forest-secret-key': options.envSecret },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (cause) {
      throw new GroveError(
        'ServiceUnavailableError',
        `The sandbox at ${options.serverUrl} cannot be reached (${method} ${path})`,
        { cause },
      );
    }
    if (!response.ok) {
      const text = await response.text();
      throw new GroveError(
        errorCodeForStatus(response.status),
        `The sandbox refused ${method} ${path} (HTTP ${response.status}): ${text}`,
      );
    }
  };

  return {
    registerSchema: schema => call('POST', '/agent-schema', schema),
    mergePermissionOverride: override => call('POST', '/permission-override', override),
    clearPermissionOverride: () => call('DELETE', '/permission-override'),
  };
}
