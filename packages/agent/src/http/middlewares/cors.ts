import type { RequestHandler } from 'express';

/**
 * CORS as the protocol says (spec §1.3): the request's origin is reflected with credentials,
 * preflights answer 204 without a token, echo the requested headers, and allow private-network
 * access for agents on localhost.
 *
 * @example
 * ```ts
 * router.use(cors);
 * ```
 */
export const cors: RequestHandler = (request, response, next) => {
  const origin = request.headers.origin;
  response.vary('Origin');
  if (origin) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
  }

  if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
    response.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,PUT,POST,DELETE,PATCH');
    const requested = request.headers['access-control-request-headers'];
    if (requested) {
      response.setHeader('Access-Control-Allow-Headers', requested);
      response.vary('Access-Control-Request-Headers');
    }
    response.setHeader('Access-Control-Max-Age', '86400');
    if (request.headers['access-control-request-private-network']) {
      response.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    response.status(204).end();

    return;
  }

  next();
};
