import type { Request, Response } from 'express';
import type Provider from 'oidc-provider';

import type { PlatformDatabase } from '../database/platform-database';
import { errorPage } from './pages/device-pages';
import { PAGE_HEADERS } from './pages/html';
import { ENVIRONMENT_METADATA } from './registration-policies';

/** What the provider knows about an interaction in progress. */
export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * Sends one of the login's HTML pages with its security headers.
 *
 * @example
 * ```ts
 * sendHtml(res, loginPage(input), 401);
 * ```
 */
export function sendHtml(res: Response, body: string, status = 200): void {
  res.status(status).set(PAGE_HEADERS).type('html').send(body);
}

/**
 * The interaction of this browser (its `_interaction` cookie) if it is the one in the URL; else
 * answers an error page (expired, or opened in another browser) and returns null.
 *
 * @example
 * ```ts
 * const details = await readInteraction(provider, req, res);
 * if (!details) return;
 * ```
 */
export async function readInteraction(
  provider: Provider,
  req: Request,
  res: Response,
): Promise<InteractionDetails | null> {
  let details: InteractionDetails | undefined;
  try {
    details = await provider.interactionDetails(req, res);
  } catch (error) {
    if ((error as { name?: string }).name !== 'SessionNotFound') throw error;
  }
  if (!details || details.uid !== req.params.uid) {
    sendHtml(
      res,
      errorPage(
        'invalid_request',
        'This sign-in page expired or was opened in another browser. Start again from the application.',
      ),
      400,
    );

    return null;
  }

  return details;
}

/**
 * Ends an MCP authorization whose user may not work in its environment: the client gets
 * `access_denied`. Returns where to send the browser.
 *
 * @example
 * ```ts
 * res.redirect(303, await denyMcpAccess(provider, req, res));
 * ```
 */
export function denyMcpAccess(provider: Provider, req: Request, res: Response): Promise<string> {
  return provider.interactionResult(
    req,
    res,
    {
      error: 'access_denied',
      error_description: 'You are not a member of this environment’s project',
    },
    { mergeWithLastSubmission: false },
  );
}

/**
 * How the pages name a client: an agent's client by its project and environment, another by its
 * registered name (or id).
 *
 * @example
 * ```ts
 * await clientDisplayName(db, provider, details.params.client_id); // 'My project · Development'
 * ```
 */
export async function clientDisplayName(
  db: PlatformDatabase,
  provider: Provider,
  clientId: unknown,
): Promise<string> {
  const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
  if (!client) return 'an application';
  const environmentId = client[ENVIRONMENT_METADATA];
  if (typeof environmentId === 'number') {
    const environment = await db.models.Environment.findByPk(environmentId);
    const project = environment && (await db.models.Project.findByPk(environment.projectId));
    if (environment && project) return `${project.name} · ${environment.name}`;
  }

  return client.clientName ?? client.clientId;
}
