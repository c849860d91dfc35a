import { GroveError, errorCodeForStatus } from '@grove/datasource-toolkit';

/** One entry of the agent's JSON error body (`{ "errors": [ … ] }`). */
export interface AgentErrorDetail {
  readonly name?: string;
  readonly detail?: string;
  readonly status?: number;
  readonly data?: Record<string, unknown>;
}

/** What the client knows about a failed HTTP exchange. */
export interface AgentClientErrorOptions {
  readonly method: string;
  readonly url: string;
  /** HTTP status of the answer; `0` when no answer was received (network failure, timeout). */
  readonly status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  readonly body?: unknown;
  readonly cause?: unknown;
}

function readErrors(body: unknown): AgentErrorDetail[] {
  if (typeof body !== 'object' || body === null) return [];
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return [];

  return errors.filter((e): e is AgentErrorDetail => typeof e === 'object' && e !== null);
}

function readMessage(status: number, body: unknown, errors: AgentErrorDetail[]): string {
  const detail = errors[0]?.detail;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error !== '') return error;
    if (typeof message === 'string' && message !== '') return message;
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim().substring(0, 500);

  return status === 0 ? 'The agent did not answer' : `The agent answered HTTP ${status}`;
}

/**
 * The error thrown for every non-2xx answer of the agent (and for network failures, with
 * `status` 0). It is a {@link GroveError}: match on `code` (mapped from the status
 * by the toolkit's `errorCodeForStatus`) or `name`
 * (the agent's error name, e.g. `CustomActionRequiresApprovalError`). `message` is the agent's
 * `detail`; `errors` is its parsed `errors[]`; `data` the first error's payload.
 *
 * @example
 * ```ts
 * try {
 *   await client.collection('books').list();
 * } catch (error) {
 *   if (isAgentClientError(error) && error.status === 403) console.log(error.errors[0]?.name);
 * }
 * ```
 */
export class AgentClientError extends GroveError {
  /** Marks agent-client errors across package copies (see {@link isAgentClientError}). */
  readonly isAgentClientError = true as const;
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly errors: readonly AgentErrorDetail[];

  constructor(options: AgentClientErrorOptions) {
    const errors = readErrors(options.body);
    const first = errors[0];
    super(errorCodeForStatus(options.status), readMessage(options.status, options.body, errors), {
      ...(typeof first?.name === 'string' ? { name: first.name } : {}),
      ...(first?.data !== undefined ? { data: first.data } : {}),
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
    });
    this.status = options.status;
    this.method = options.method;
    this.url = options.url;
    this.body = options.body;
    this.errors = errors;
  }
}

/**
 * Tells whether a value is an {@link AgentClientError} (checks a marker, not the class).
 *
 * @example
 * ```ts
 * if (isAgentClientError(error) && error.code === 'NotFoundError') return null;
 * ```
 */
export function isAgentClientError(error: unknown): error is AgentClientError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Partial<AgentClientError>).isAgentClientError === true
  );
}
