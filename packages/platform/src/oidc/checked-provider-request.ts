import express from 'express';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';

import { checkBodyShape } from '../http/check-body-shape';

/** The provider's own limit for the bodies it reads (oidc-provider's `selective_body`). */
const PROVIDER_BODY_LIMIT = '56kb';

const readBody = express.raw({
  type: () => true,
  limit: PROVIDER_BODY_LIMIT,
  verify: checkBodyShape,
});

/**
 * The request as the provider should see it: the same request, whose body, already read and
 * checked, can be read once more. It inherits everything else (headers, socket, URL, cookies) from
 * the original, and only its stream state is its own.
 */
function replay(req: Request, body: Buffer): Request {
  const copy = Object.create(req) as Request;
  // Node's Readable is a function constructor: called on the copy, it gives the copy its own
  // stream state and listeners instead of the original's (consumed) ones.
  (Readable as unknown as (this: Readable) => void).call(copy);
  copy._read = () => undefined;
  copy._destroy = (error, callback) => callback(error);
  copy.push(body);
  copy.push(null);

  return copy;
}

/**
 * Reads a request's body for the OpenID provider, bounded in size (56 KiB, the provider's own
 * limit) and in depth ({@link checkBodyShape}: JSON nesting, urlencoded brackets) before the
 * provider or any library parses it (docs/decisions.md#d28-bounded-request-bodies), and resolves to
 * the request to hand to the provider. A body that is too large or too deep is answered here with
 * the OAuth error shape (`413`/`400`, `invalid_request`) and resolves to `undefined`.
 *
 * @example
 * ```ts
 * const checked = await checkedProviderRequest(req, res);
 * if (checked) callback(checked, res);
 * ```
 */
export function checkedProviderRequest(req: Request, res: Response): Promise<Request | undefined> {
  return new Promise(resolve => {
    readBody(req, res, (error?: unknown) => {
      if (error) {
        const status = (error as { status?: unknown }).status === 413 ? 413 : 400;
        res.status(status).json({
          error: 'invalid_request',
          error_description:
            status === 413
              ? `The body is larger than ${PROVIDER_BODY_LIMIT}`
              : (error as Error).message || 'The body could not be read',
        });
        resolve(undefined);

        return;
      }
      const body = req.body as unknown;
      resolve(Buffer.isBuffer(body) ? replay(req, body) : req);
    });
  });
}
