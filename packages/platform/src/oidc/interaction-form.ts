import express from 'express';
import type { Request, RequestHandler, Response } from 'express';

import type { PlatformContext } from '../platform-context';
import { checkCsrfToken } from './interaction-csrf';
import { sendHtml } from './interaction-support';
import { errorPage } from './pages/device-pages';
import { checkBodyShape } from '../http/check-body-shape';

/**
 * The bounded body parser of the login forms (a few short fields).
 *
 * @example
 * ```ts
 * router.post('/oidc/interaction/:uid/login', interactionForm, handler);
 * ```
 */
export const interactionForm: RequestHandler = express.urlencoded({
  verify: checkBodyShape,
  extended: false,
  limit: '8kb',
  parameterLimit: 8,
});

/**
 * Whether a posted form carries a valid anti-forgery token; answers the 403 page when not.
 *
 * @example
 * ```ts
 * if (!checkForm(context, req, res)) return;
 * ```
 */
export function checkForm(context: PlatformContext, req: Request, res: Response): boolean {
  const body = (req.body ?? {}) as Record<string, unknown>;
  if (checkCsrfToken(req, context.publicUrl, String(req.params.uid), body.csrf)) return true;
  sendHtml(
    res,
    errorPage(
      'invalid_request',
      'This form expired or did not come from this site. Reload the page and try again.',
    ),
    403,
  );

  return false;
}
