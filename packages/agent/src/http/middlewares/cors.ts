import type { RequestHandler } from 'express';

/**
 * CORS for the frontends the agent trusts (docs/agent-protocol.md#cors,
 * docs/decisions.md#d9-cors-allow-list: the vendor reflects any origin). An allowed `Origin` is
 * echoed with credentials; preflights answer 204 without a token, echo the requested headers, and
 * allow private-network access for agents on localhost. A request from another origin gets no CORS
 * header at all, so browsers refuse to expose the answer (and preflights from it end in a bare
 * 204).
 *
 * @param isAllowed - See `allowedOriginMatcher`.
 *
 * @example
 * ```ts
 * router.use(createCors(origin => origin === 'https://admin.acme.com'));
 * ```
 */
export function createCors(isAllowed: (origin: string) => boolean): RequestHandler {
  return (request, response, next) => {
    const origin = request.headers.origin;
    const allowed = origin !== undefined && isAllowed(origin);
    response.vary('Origin');
    if (allowed) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
    }

    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (allowed) {
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
      }
      response.status(204).end();

      return;
    }

    next();
  };
}
