import type { PublicApiRouteMounter } from '../http/public-api-route-mounter';
import { readQueryParameters } from '../query/query-parameters';
import { publicApiOpenApiDocument } from '../openapi/public-api-openapi-document';
import { consumeWindows, setRateLimitHeaders } from '../rate-limits/rate-limit-window';

/** Path of the OpenAPI document. */
export const OPENAPI_PATH = '/v1/openapi.json';

/** `GET /v1/openapi.json`: the contract, without a token, limited per IP. */
export const mountOpenApi: PublicApiRouteMounter = (router, context) => {
  const document = JSON.stringify(publicApiOpenApiDocument(context.publicUrl));
  router.get(OPENAPI_PATH, async (req, res) => {
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    setRateLimitHeaders(res, await consumeWindows([context.ipWindow], `openapi:${ip}`));
    readQueryParameters(req, new Set());
    res.status(200).type('application/json').send(document);
  });
};
