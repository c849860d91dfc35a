import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

import type Provider from 'oidc-provider';

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
const handlers = new WeakMap<Provider, Handler>();

/** A request made to the provider from inside the platform. */
export interface ProviderCall {
  /** The provider route, relative to its mount (`/token`, `/reg`). */
  readonly path: string;
  readonly body: Readonly<Record<string, string>>;
  /** `form` (urlencoded, the token endpoint) or `json` (registration). */
  readonly encoding: 'form' | 'json';
  readonly headers?: Readonly<Record<string, string>>;
  /** The public URL: the provider builds its URLs from it (it trusts forwarded headers). */
  readonly publicUrl: string;
}

/** What the provider answered. */
export interface ProviderAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/**
 * Calls one of the provider's POST endpoints in process and returns its JSON answer instead of
 * sending it, so that a platform route can check the request first and reshape the answer (the
 * MCP routes of docs/mcp.md#token-endpoint wrap the provider's token and registration endpoints).
 *
 * @example
 * ```ts
 * const { status, body } = await callProviderEndpoint(provider, {
 *   path: '/token', encoding: 'form', body: { grant_type: 'refresh_token', refresh_token, client_id },
 *   publicUrl: context.publicUrl,
 * });
 * ```
 */
export async function callProviderEndpoint(
  provider: Provider,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const payload =
    call.encoding === 'form'
      ? new URLSearchParams(call.body as Record<string, string>).toString()
      : JSON.stringify(call.body);
  const publicUrl = new URL(call.publicUrl);
  const socket = new Socket();
  const req = new IncomingMessage(socket);
  req.method = 'POST';
  req.url = call.path;
  req.headers = {
    ...Object.fromEntries(Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: publicUrl.host,
    'x-forwarded-host': publicUrl.host,
    'x-forwarded-proto': publicUrl.protocol.replace(':', ''),
    'content-type':
      call.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  };
  req.push(Buffer.from(payload));
  req.push(null);

  const res = new ServerResponse(req);
  let sent: unknown;
  res.end = ((chunk?: unknown) => {
    sent = chunk;

    return res;
  }) as ServerResponse['end'];
  let handler = handlers.get(provider);
  if (!handler) {
    handler = provider.callback();
    handlers.set(provider, handler);
  }
  try {
    await handler(req, res);
  } finally {
    socket.destroy();
  }
  const text = Buffer.isBuffer(sent) ? sent.toString('utf8') : typeof sent === 'string' ? sent : '';
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { error: 'server_error', error_description: 'unexpected answer' };
  }

  return { status: res.statusCode, body };
}
