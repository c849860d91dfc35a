import { useState } from 'preact/hooks';

import { ApiError } from '../api/api-error';

/** The state of a form that sends a change: busy, and the server's error if any. */
export interface Submit {
  readonly busy: boolean;
  readonly error: ApiError | undefined;
  /** The server's message for a field, to show next to it. */
  errorFor(field: string): string | undefined;
  /** Runs the change; answers whether it succeeded. Errors are kept, never thrown. */
  run(change: () => Promise<unknown>): Promise<boolean>;
  clear(): void;
}

/**
 * A form's submission state. `fields` are the names the server's validation messages start with,
 * so each message lands next to its field (others show above the form).
 *
 * @example
 * ```tsx
 * const submit = useSubmit(['name']);
 * <form onSubmit={event => { event.preventDefault(); void submit.run(() => save(name)); }}>
 * ```
 */
export function useSubmit(fields: readonly string[] = []): Submit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);

  return {
    busy,
    error,
    errorFor: field => (error && error.fieldOf(fields) === field ? error.detail : undefined),
    clear: () => setError(undefined),
    run: async change => {
      setBusy(true);
      setError(undefined);
      try {
        await change();

        return true;
      } catch (caught) {
        setError(
          caught instanceof ApiError ? caught : new ApiError(0, 'NetworkError', String(caught)),
        );

        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

/** The form-level message of a submission: its error unless a field shows it. */
export function formError(submit: Submit, fields: readonly string[]): string | undefined {
  if (!submit.error) return undefined;

  return submit.error.fieldOf(fields) ? undefined : submit.error.detail;
}
