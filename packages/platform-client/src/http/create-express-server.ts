import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import type { RequestListener, Server, ServerOptions } from 'node:http';

/** What {@link createExpressServer} uses of an Express application. */
export interface ExpressLikeApp extends RequestListener {
  /** The prototype the application gives every request (`app.request`). */
  readonly request: object;
  /** The prototype the application gives every response (`app.response`). */
  readonly response: object;
}

/**
 * An HTTP server for an Express application whose requests and responses are created with the
 * application's prototypes (`app.request`, `app.response`) instead of getting them per request.
 * Express sets them on every request (`Object.setPrototypeOf`), which V8 pays for on each access
 * to the request or the response afterwards, in Express and in Node's own HTTP code: on a small
 * JSON answer, 0.16 ms of CPU per request for a bare app against 0.05 ms with this server
 * (bench/RESULTS.md, "Profiles"). Express still sets the prototypes; they are already the ones.
 * Answers are unchanged: the objects are the same Node requests and responses, with the same
 * Express methods.
 *
 * @param app - the Express application (`express()`); mounted sub-applications still switch
 *   prototypes for the requests they serve
 * @example
 * ```ts
 * const app = express();
 * app.get('/health', (_request, response) => response.send('ok'));
 * createExpressServer(app).listen(3000);
 * ```
 */
export function createExpressServer(app: ExpressLikeApp): Server {
  return createServer(expressServerOptions(app), app);
}

/**
 * The options of `http.createServer` behind {@link createExpressServer}, for a server that
 * attaches the application later (`server.on('request', app)`).
 *
 * @example
 * ```ts
 * const server = createServer(expressServerOptions(app)); // listens before the app is ready
 * server.on('request', app);
 * ```
 */
export function expressServerOptions(
  app: Pick<ExpressLikeApp, 'request' | 'response'>,
): ServerOptions {
  // Node's request and response constructors are plain functions (Node 20): ours call
  // them on an object Node creates with `new` from the application's prototype (which inherits
  // from Node's). `Reflect.construct` with another `new.target` would do it for classes too,
  // but V8 then builds objects that are as slow as the ones Express re-prototypes (measured).
  if (isClass(IncomingMessage) || isClass(ServerResponse)) return {};
  const NodeRequest = IncomingMessage as unknown as (this: object, socket: unknown) => void;
  const NodeResponse = ServerResponse as unknown as (
    this: object,
    request: unknown,
    options?: unknown,
  ) => void;
  function Request(this: object, socket: unknown): void {
    NodeRequest.call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: object, request: unknown, options?: unknown): void {
    NodeResponse.call(this, request, options);
  }
  Response.prototype = app.response;

  return {
    IncomingMessage: Request as unknown as typeof IncomingMessage,
    ServerResponse: Response as unknown as typeof ServerResponse,
  };
}

/** Whether a constructor is a `class` (callable only with `new`). */
function isClass(constructor: unknown): boolean {
  return /^class\b/.test(Function.prototype.toString.call(constructor));
}
