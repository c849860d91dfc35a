import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH } from '../../oidc/create-oidc-provider';

/**
 * Under `/oidc`, sets `X-Forwarded-Host` and `X-Forwarded-Proto` from the public URL, replacing
 * whatever the caller or a proxy sent. The provider (which trusts these headers) builds its URLs
 * (endpoints, redirects) and decides on `Secure` cookies from them, for its own routes and for
 * the interaction pages alike. So every URL it shows starts with the public URL, and its cookies
 * are `Secure` behind a TLS-terminating proxy.
 *
 * @example
 * ```ts
 * mountPublicOrigin(router, context); // first of the login routes
 * ```
 */
export const mountPublicOrigin: PlatformRouteMounter = (router, context) => {
  const publicUrl = new URL(context.publicUrl);
  const host = publicUrl.host;
  const proto = publicUrl.protocol.replace(':', '');

  router.use(OIDC_PATH, (req, _res, next) => {
    req.headers['x-forwarded-host'] = host;
    req.headers['x-forwarded-proto'] = proto;
    next();
  });
};
