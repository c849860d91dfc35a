import { GroveError } from '@grove/datasource-toolkit';
import type { RequestHandler, Response } from 'express';

import { cachedEnvironmentBySecret } from '../../auth/cached-environment-by-secret';
import type { EnvironmentRow } from '../../database/models/platform-models';
import type { PlatformContext } from '../../platform-context';

/**
 * The header every agent call about its environment carries
 * (docs/platform-protocol.md#identification).
 */
export const ENV_SECRET_HEADER = 'forest-secret-key';

/**
 * Finds the environment from the request's env secret (its hash is looked up, the secret never
 * stored; a found environment is reused for up to 2 seconds, see {@link cachedEnvironmentBySecret})
 * or answers 401. 401, not 404, for an unknown secret too: the vendor agent crashes on a
 * 404 from its event stream (docs/platform-protocol.md#event-stream), and a 401 says the same thing
 * without that risk. In sandbox mode, `provision` creates the environment of any unknown non-empty
 * secret.
 *
 * @example
 * ```ts
 * router.get('/liana/environment', requireEnvironment(context), (req, res) => {
 *   res.json(environmentOf(res));
 * });
 * ```
 */
export function requireEnvironment(
  context: PlatformContext,
  provision?: (secret: string) => Promise<EnvironmentRow | null>,
): RequestHandler {
  return (req, res, next) => {
    const secret = req.get(ENV_SECRET_HEADER) ?? '';
    const find = async () =>
      (await cachedEnvironmentBySecret(context.db, secret)) ??
      (provision ? await provision(secret) : null);

    find()
      .then(async environment => {
        if (!environment) {
          throw new GroveError(
            'UnauthorizedError',
            secret === ''
              ? `Missing the ${ENV_SECRET_HEADER} header`
              : 'This environment secret matches no environment',
          );
        }
        res.locals.environment = environment;
        // Environments created before the ciphertext column get it from their agent's first call.
        if (environment.secretCiphertext === null) {
          const secretCiphertext = context.db.envSecrets.seal(secret);
          await context.db.models.Environment.update(
            { secretCiphertext },
            { where: { id: environment.id, secretCiphertext: null } },
          );
          res.locals.environment = { ...environment, secretCiphertext };
        }
        next();
      })
      .catch(next);
  };
}

/** The environment {@link requireEnvironment} found for this request. */
export function environmentOf(res: Response): EnvironmentRow {
  return res.locals.environment as EnvironmentRow;
}
