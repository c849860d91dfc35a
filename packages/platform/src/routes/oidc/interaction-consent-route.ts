import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH } from '../../oidc/create-oidc-provider';
import { checkMcpInteraction } from '../../oidc/check-mcp-interaction';
import { checkForm, interactionForm } from '../../oidc/interaction-form';
import { denyMcpAccess, readInteraction, sendHtml } from '../../oidc/interaction-support';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { errorPage } from '../../oidc/pages/device-pages';

/**
 * `POST /oidc/interaction/:uid/confirm` grants the client what it asked for (a provider Grant with
 * the missing scopes and claims); `POST /oidc/interaction/:uid/abort` refuses (`access_denied`
 * for the client). Both then go back to the provider.
 *
 * @example
 * ```ts
 * mountInteractionConsent(router, context);
 * ```
 */
export const mountInteractionConsent: PlatformRouteMounter = (router, context) => {
  router.post(
    `${OIDC_PATH}/interaction/:uid/confirm`,
    interactionForm,
    handle(async (req, res) => {
      if (!checkForm(context, req, res)) return;
      const provider = await oidcProvider(context);
      const details = await readInteraction(provider, req, res);
      if (!details) return;
      const accountId = details.session?.accountId;
      if (details.prompt.name !== 'consent' || !accountId) {
        sendHtml(res, errorPage('invalid_request', 'There is nothing to allow at this step.'), 400);

        return;
      }
      if ((await checkMcpInteraction(context, details)).kind === 'denied') {
        res.redirect(303, await denyMcpAccess(provider, req, res));

        return;
      }
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
        new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      const next = await provider.interactionResult(
        req,
        res,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      res.redirect(303, next);
    }),
  );

  router.post(
    `${OIDC_PATH}/interaction/:uid/abort`,
    interactionForm,
    handle(async (req, res) => {
      if (!checkForm(context, req, res)) return;
      const provider = await oidcProvider(context);
      const details = await readInteraction(provider, req, res);
      if (!details) return;
      const next = await provider.interactionResult(
        req,
        res,
        { error: 'access_denied', error_description: 'The user refused the access' },
        { mergeWithLastSubmission: false },
      );
      res.redirect(303, next);
    }),
  );
};
