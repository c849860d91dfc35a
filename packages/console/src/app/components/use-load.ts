import { useCallback, useEffect, useState } from 'preact/hooks';

import { ApiError } from '../api/api-error';

/** The state of data a screen loads: loading, loaded, or failed. */
export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: ApiError | undefined;
  readonly loading: boolean;
  /** Loads again (after a change). */
  reload(): Promise<void>;
}

/**
 * Loads data for a screen, again whenever one of `deps` changes.
 *
 * @example
 * ```tsx
 * const teams = useLoad(() => api<DataOf<Team[]>>('GET', `/projects/${id}/teams`), [id]);
 * ```
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const run = useCallback(load, deps);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await run());
      setError(undefined);
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught : new ApiError(0, 'NetworkError', String(caught)),
      );
    } finally {
      setLoading(false);
    }
  }, [run]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, loading, reload };
}
