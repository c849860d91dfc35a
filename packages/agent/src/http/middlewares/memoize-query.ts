import type { RequestHandler } from 'express';

/**
 * Parses the query string once per request. Express 5's `request.query` is a getter that parses
 * the URL's query string again on every read, and a route reads it several times (timezone,
 * filters, projection, page, sort, search…): the parsed object is kept on the request instead,
 * as an own property that hides the getter (still writable).
 *
 * @example
 * ```ts
 * router.use(memoizeQuery);
 * ```
 */
export const memoizeQuery: RequestHandler = (request, _response, next) => {
  Object.defineProperty(request, 'query', {
    value: request.query,
    configurable: true,
    enumerable: true,
    writable: true,
  });
  next();
};
