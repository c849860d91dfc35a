import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH } from '../../oidc/create-oidc-provider';
import { checkedProviderRequest } from '../../oidc/checked-provider-request';
import { oidcProvider } from '../../oidc/oidc-provider-registry';

/**
 * Mounts the OpenID provider at `/oidc` (discovery, jwks, auth, token, userinfo, registration,
 * device flow, revocation, end session). It starts creating the provider (keys, storage) at once;
 * requests arriving before it is ready wait for it. Each body is read and bounded in size and depth
 * before the provider parses it ({@link checkedProviderRequest}).
 *
 * @example
 * ```ts
 * mountOidcProvider(router, context);
 * ```
 */
export const mountOidcProvider: PlatformRouteMounter = (router, context) => {
  const handler = oidcProvider(context).then(provider => {
    // Host and protocol come from the forwarded headers that mountPublicOrigin set.
    provider.proxy = true;

    return provider.callback();
  });
  // A failed start is logged by the registry and answered 500 on each request.
  handler.catch(() => undefined);

  router.use(OIDC_PATH, (req, res, next) => {
    checkedProviderRequest(req, res)
      .then(async checked => {
        if (checked) await (await handler)(checked, res);
      })
      .catch(next);
  });
};
