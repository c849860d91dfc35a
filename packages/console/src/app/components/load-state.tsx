import type { ComponentChildren } from 'preact';

import type { Loaded } from './use-load';
import { Alert } from './alert';

/**
 * Renders loaded data, or the loading line, or the load error.
 *
 * @example
 * ```tsx
 * <LoadState loaded={teams}>{data => <TeamList teams={data.data} />}</LoadState>
 * ```
 */
export function LoadState<T>({
  loaded,
  children,
}: {
  readonly loaded: Loaded<T>;
  readonly children: (data: T) => ComponentChildren;
}) {
  if (loaded.error) return <Alert kind="error">{loaded.error.detail}</Alert>;
  if (loaded.data === undefined) {
    return (
      <p class="muted" aria-busy="true">
        Loading…
      </p>
    );
  }

  return <>{children(loaded.data)}</>;
}
