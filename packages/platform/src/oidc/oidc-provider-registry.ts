import type Provider from 'oidc-provider';

import type { PlatformContext } from '../platform-context';
import { createOidcProvider } from './create-oidc-provider';

const providers = new WeakMap<PlatformContext, Promise<Provider>>();

/**
 * The OpenID provider of a running platform, created on the first call (the router's mount calls
 * it while the platform starts, so the keys exist before the first request). Every route that
 * needs the provider (the interaction pages, the token checks) gets the same instance.
 *
 * @example
 * ```ts
 * const provider = await oidcProvider(context);
 * const token = await provider.AccessToken.find(value);
 * ```
 */
export function oidcProvider(context: PlatformContext): Promise<Provider> {
  let ready = providers.get(context);
  if (!ready) {
    const created = createOidcProvider(context);
    ready = created;
    providers.set(context, created);
    created.catch(error =>
      context.logger('Error', 'The OpenID provider could not start', error as Error),
    );
    // Closing waits for a start in progress: its key writes must not hit a closed database.
    context.onClose(() =>
      created.then(
        () => undefined,
        () => undefined,
      ),
    );
  }

  return ready;
}
