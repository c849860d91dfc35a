import { randomBytes } from 'node:crypto';

import { Sequelize } from 'sequelize';

import { MAX_PASSWORD_LENGTH, hashPassword, verifyPassword } from '../../auth/password';
import { handle } from '../../http/async-handler';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { OIDC_PATH, interactionPath } from '../../oidc/create-oidc-provider';
import { issueCsrfToken } from '../../oidc/interaction-csrf';
import { checkForm, interactionForm } from '../../oidc/interaction-form';
import { clientDisplayName, readInteraction, sendHtml } from '../../oidc/interaction-support';
import { oidcProvider } from '../../oidc/oidc-provider-registry';
import { errorPage } from '../../oidc/pages/device-pages';
import { loginPage } from '../../oidc/pages/login-page';

const WRONG_CREDENTIALS = 'Wrong email or password.';
const ONE_TIME_PASSWORD =
  'This is a one-time password. Sign in to the console and choose your own password first.';
// A hash to verify against when the email is unknown, so that both answers take as long.
let dummyHash: Promise<string> | undefined;

/**
 * `POST /oidc/interaction/:uid/login`: checks the email and password (generic message on
 * failure, the same time whether the email exists or not, attempts limited per IP and email and
 * counted before the password is checked), refuses a one-time password (403, until it is changed
 * in the console) and hands the user id to the provider, which continues to the consent step.
 *
 * @example
 * ```ts
 * mountInteractionLogin(router, context);
 * ```
 */
export const mountInteractionLogin: PlatformRouteMounter = (router, context) => {
  const limiter = context.loginLimiter;

  router.post(
    `${OIDC_PATH}/interaction/:uid/login`,
    interactionForm,
    handle(async (req, res) => {
      if (!checkForm(context, req, res)) return;
      const provider = await oidcProvider(context);
      const details = await readInteraction(provider, req, res);
      if (!details) return;
      if (details.prompt.name !== 'login') {
        sendHtml(res, errorPage('invalid_request', 'You are already signed in.'), 400);

        return;
      }
      const body = req.body as Record<string, unknown>;
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      const page = async (error: string) =>
        loginPage({
          action: `${interactionPath(context.publicUrl, details.uid)}/login`,
          csrfToken: issueCsrfToken(req, res, context.publicUrl, details.uid),
          clientName: await clientDisplayName(context.db, provider, details.params.client_id),
          email: email.slice(0, 320),
          error,
        });
      const ip = req.ip ?? req.socket.remoteAddress ?? '';

      // Counted before the password is hashed, atomically (docs/decisions.md#d29-login-attempts-counted-first).
      const wait = await limiter.attempt(ip, email);
      if (wait > 0) {
        res.set('Retry-After', String(wait));
        sendHtml(
          res,
          await page('Too many failed attempts. Wait a few minutes and try again.'),
          429,
        );

        return;
      }

      const user =
        email.length > 0 && email.length <= 320
          ? await context.db.models.User.findOne({
              where: Sequelize.where(Sequelize.fn('lower', Sequelize.col('email')), email),
            })
          : null;
      dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
      const valid =
        password.length <= MAX_PASSWORD_LENGTH * 4 &&
        (await verifyPassword(password, user?.passwordHash ?? (await dummyHash)));

      if (!user || !valid) {
        sendHtml(res, await page(WRONG_CREDENTIALS), 401);

        return;
      }
      await limiter.succeeded(ip, email);
      if (user.mustChangePassword) {
        // A one-time password (printed at first start) opens nothing but the console's password
        // change (docs/decisions.md#d30-one-time-passwords).
        sendHtml(res, await page(ONE_TIME_PASSWORD), 403);

        return;
      }
      const next = await provider.interactionResult(
        req,
        res,
        { login: { accountId: String(user.id) } },
        { mergeWithLastSubmission: false },
      );
      res.redirect(303, next);
    }),
  );
};
