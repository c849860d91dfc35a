import { AgentClientError } from '../errors/agent-client-error';
import { parseBody } from '../http/agent-http';
import type { ActionExecuteResult, ActionResponseHeaders } from './action-result';

/**
 * Reads the file name of a `Content-Disposition` header (`filename*=UTF-8''…` first).
 *
 * @example
 * ```ts
 * fileNameOf('attachment; filename="report.csv"'); // 'report.csv'
 * ```
 */
export function fileNameOf(disposition: string): string | undefined {
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall back to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(disposition);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;]+)/.exec(disposition);

  return bare?.[1]?.trim();
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Turns the answer of an action execution into a typed result: a file when the agent answers
 * an attachment, else the JSON body read by its keys (`webhook`, `redirectTo`, `success`). A 400
 * `{ error, html? }` is the "Error" result; any other 400 body (`{ errors: [...] }`) is thrown.
 *
 * @example
 * ```ts
 * const result = await readActionResult(response);
 * if (result.type === 'File') await writeFile(result.name, result.buffer);
 * ```
 */
export async function readActionResult(
  response: Response,
  url: string,
): Promise<ActionExecuteResult> {
  const responseHeaders: ActionResponseHeaders = Object.fromEntries(response.headers.entries());
  const disposition = response.headers.get('content-disposition') ?? '';
  if (/^\s*attachment/i.test(disposition)) {
    const contentType = response.headers.get('content-type') ?? 'application/octet-stream';

    return {
      type: 'File',
      name: fileNameOf(disposition) ?? 'file',
      mimeType: contentType.split(';')[0]?.trim() ?? contentType,
      buffer: Buffer.from(await response.arrayBuffer()),
      responseHeaders,
    };
  }

  const parsed = parseBody(await response.text());
  const body = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const html = text(body.html) === undefined ? {} : { html: text(body.html) as string };
  if (response.status >= 400) {
    if (typeof body.error !== 'string' || 'errors' in body) {
      throw new AgentClientError({ method: 'POST', url, status: response.status, body: parsed });
    }

    return { type: 'Error', message: text(body.error) ?? 'Error', ...html, responseHeaders };
  }
  if (typeof body.webhook === 'object' && body.webhook !== null) {
    const webhook = body.webhook as Record<string, unknown>;

    return {
      type: 'Webhook',
      url: text(webhook.url) ?? '',
      method: text(webhook.method) ?? 'POST',
      headers: (webhook.headers ?? {}) as Record<string, string>,
      body: webhook.body,
      responseHeaders,
    };
  }
  if (typeof body.redirectTo === 'string') {
    return { type: 'Redirect', path: body.redirectTo, responseHeaders };
  }
  const refresh = body.refresh as { relationships?: unknown } | undefined;
  const invalidated = Array.isArray(refresh?.relationships)
    ? refresh.relationships.filter((r): r is string => typeof r === 'string')
    : [];

  const message = text(body.success) ?? '';

  return {
    type: 'Success',
    message,
    success: message,
    ...html,
    invalidated,
    responseHeaders,
  };
}
