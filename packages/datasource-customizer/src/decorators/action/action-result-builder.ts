import { Readable } from 'node:stream';
import type {
  ErrorResult,
  FileResult,
  RedirectResult,
  ResponseHeaders,
  SuccessResult,
  WebhookResult,
} from '@grove/datasource-toolkit';

/** HTTP methods a webhook result may ask the frontend to use. */
export type WebhookMethod = WebhookResult['method'];

/**
 * Builds what an action handler returns. Headers set with `setHeader` are attached (as
 * `responseHeaders`) to every result built afterwards.
 *
 * @example
 * ```ts
 * execute: (context, resultBuilder) =>
 *   resultBuilder.setHeader('X-Request-Id', '42').success('Done', { invalidated: ['orders'] }),
 * ```
 */
export class ActionResultBuilder {
  private readonly headers: ResponseHeaders = {};

  /** A success message, with optional HTML and the names of collections to refresh. */
  success(
    message = '',
    options: { readonly html?: string; readonly invalidated?: readonly string[] } = {},
  ): SuccessResult {
    return {
      type: 'Success',
      message,
      invalidated: new Set(options.invalidated ?? []),
      ...(options.html === undefined ? {} : { html: options.html }),
      responseHeaders: this.responseHeaders,
    };
  }

  /** An error message shown to the user, with optional HTML. */
  error(message = 'Error', options: { readonly html?: string } = {}): ErrorResult {
    return {
      type: 'Error',
      message,
      ...(options.html === undefined ? {} : { html: options.html }),
      responseHeaders: this.responseHeaders,
    };
  }

  /** Asks the frontend to call a webhook. */
  webhook(
    url: string,
    method: WebhookMethod = 'POST',
    headers: Record<string, string> = {},
    body: unknown = {},
  ): WebhookResult {
    return { type: 'Webhook', url, method, headers, body, responseHeaders: this.responseHeaders };
  }

  /** A file download; buffers and strings are wrapped into a stream. */
  file(
    content: Readable | Buffer | string,
    name = 'file',
    mimeType = 'application/octet-stream',
  ): FileResult {
    const stream =
      content instanceof Readable
        ? content
        : Readable.from([typeof content === 'string' ? Buffer.from(content) : content], {
            objectMode: false,
          });

    return { type: 'File', name, mimeType, stream, responseHeaders: this.responseHeaders };
  }

  /** Sends the frontend to another page (a path of the frontend or a URL). */
  redirectTo(path: string): RedirectResult {
    return { type: 'Redirect', path, responseHeaders: this.responseHeaders };
  }

  /** Adds an HTTP header to the action's response; chainable. */
  setHeader(name: string, value: string): this {
    this.headers[name] = value;

    return this;
  }

  /** The headers set so far (a copy). */
  get responseHeaders(): ResponseHeaders {
    return { ...this.headers };
  }
}
