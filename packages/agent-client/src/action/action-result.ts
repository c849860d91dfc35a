/** Headers of the execute answer (lower-case names), e.g. those set by the action's code. */
export type ActionResponseHeaders = Readonly<Record<string, string>>;

/** The action succeeded (HTTP 200 `{ success, html?, refresh }`). */
export interface ActionSuccessResult {
  readonly type: 'Success';
  readonly message: string;
  /** The same text under the agent's key (`success`), as the vendor's client returns the body. */
  readonly success: string;
  readonly html?: string;
  /** Relations the frontend should reload (`refresh.relationships`). */
  readonly invalidated: readonly string[];
  readonly responseHeaders: ActionResponseHeaders;
}

/** The action answered an error for the user (HTTP 400 `{ error, html? }`). */
export interface ActionErrorResult {
  readonly type: 'Error';
  readonly message: string;
  readonly html?: string;
  readonly responseHeaders: ActionResponseHeaders;
}

/** The action asks the frontend to call a webhook. */
export interface ActionWebhookResult {
  readonly type: 'Webhook';
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly responseHeaders: ActionResponseHeaders;
}

/** The action answered a file (`Content-Disposition: attachment`). */
export interface ActionFileResult {
  readonly type: 'File';
  /** File name from `Content-Disposition` (`file` when absent). */
  readonly name: string;
  /** Media type from `Content-Type`, without parameters. */
  readonly mimeType: string;
  readonly buffer: Buffer;
  readonly responseHeaders: ActionResponseHeaders;
}

/** The action redirects the frontend (`{ redirectTo }`). */
export interface ActionRedirectResult {
  readonly type: 'Redirect';
  readonly path: string;
  readonly responseHeaders: ActionResponseHeaders;
}

/** What `Action.execute()` returns, one member per result kind of the protocol. */
export type ActionExecuteResult =
  | ActionSuccessResult
  | ActionErrorResult
  | ActionWebhookResult
  | ActionFileResult
  | ActionRedirectResult;
