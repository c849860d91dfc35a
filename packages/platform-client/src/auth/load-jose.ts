import type * as JoseModule from 'jose';

/** The `jose` module. */
export type Jose = typeof JoseModule;

let loading: Promise<Jose> | undefined;

/**
 * `jose`, required on first use: an agent needs it only once a token arrives, and its ~80
 * modules would otherwise lengthen every start-up.
 *
 * @example
 * ```ts
 * const { jwtVerify } = await loadJose();
 * ```
 */
export function loadJose(): Promise<Jose> {
  loading ??= import('jose');

  return loading;
}
