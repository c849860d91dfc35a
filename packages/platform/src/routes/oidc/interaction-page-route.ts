import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH, interactionPath } from '../../oidc/create-oidc-provider';
import { checkMcpInteraction } from '../../oidc/check-mcp-interaction';
import { issueCsrfToken } from '../../oidc/interaction-csrf';
import {
  clientDisplayName,
  denyMcpAccess,
  readInteraction,
  sendHtml,
} from '../../oidc/interaction-support';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { consentPage } from '../../oidc/pages/consent-page';
import { errorPage } from '../../oidc/pages/device-pages';
import { loginPage } from '../../oidc/pages/login-page';

function redirectHost(uri: unknown): string | undefined {
  try {
    return typeof uri === 'string' ? new URL(uri).host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `GET /oidc/interaction/:uid`: the page of the step the provider asks for, the sign-in form
 * (`login`) or the consent form (`consent`), as plain HTML.
 *
 * @example
 * ```ts
 * mountInteractionPage(router, context);
 * ```
 */
export const mountInteractionPage: PlatformRouteMounter = (router, context) => {
  router.get(
    `${OIDC_PATH}/interaction/:uid`,
    handle(async (req, res) => {
      const provider = await oidcProvider(context);
      const details = await readInteraction(provider, req, res);
      if (!details) return;
      const base = interactionPath(context.publicUrl, details.uid);
      const csrfToken = issueCsrfToken(req, res, context.publicUrl, details.uid);
      const clientName = await clientDisplayName(context.db, provider, details.params.client_id);

      if (details.prompt.name === 'login') {
        sendHtml(res, loginPage({ action: `${base}/login`, csrfToken, clientName }));

        return;
      }
      if (details.prompt.name === 'consent') {
        const mcp = await checkMcpInteraction(context, details);
        if (mcp.kind === 'denied') {
          res.redirect(303, await denyMcpAccess(provider, req, res));

          return;
        }
        const user = await context.db.models.User.findByPk(Number(details.session?.accountId));
        sendHtml(
          res,
          consentPage({
            confirmAction: `${base}/confirm`,
            abortAction: `${base}/abort`,
            csrfToken,
            clientName,
            email: user?.email ?? '',
            scopes: String(details.params.scope ?? '')
              .split(' ')
              .filter(Boolean),
            environment: mcp.kind === 'allowed' ? mcp.environmentLabel : undefined,
            redirectHost:
              mcp.kind === 'allowed' ? redirectHost(details.params.redirect_uri) : undefined,
          }),
        );

        return;
      }
      sendHtml(res, errorPage('invalid_request', 'This sign-in step is not supported.'), 400);
    }),
  );
};
