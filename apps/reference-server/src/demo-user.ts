import { environmentUserClaims, findEnvironmentBySecret } from '@grove/platform';
import type { Platform } from '@grove/platform';
import type { AgentUser } from '@grove/platform-client';

/** The demo user's session claims (those an agent puts in its token at login). */
export type DemoUser = AgentUser & { readonly renderingId: number };

/**
 * The claims of the platform's first admin in the environment of this env secret, through the
 * rendering of their first team there: the user the reference server signs its demo token for.
 *
 * @example
 * ```ts
 * const user = await demoUser(platform, envSecret);
 * ```
 */
export async function demoUser(platform: Platform, envSecret: string): Promise<DemoUser> {
  const environment = await findEnvironmentBySecret(platform.context.db, envSecret);
  if (!environment) {
    throw new Error(
      'The platform has no environment with GROVE_ENV_SECRET: the platform database was created ' +
        'with another secret (delete it to start over, or give the secret printed at its first start).',
    );
  }
  try {
    return await environmentUserClaims(platform.context, environment);
  } catch (cause) {
    throw new Error('The platform has no admin in this environment', { cause });
  }
}
