import type { ListOrder } from '../store/public-api-store';

/** A validated list query and the `parameters` the envelope echoes. */
export interface ParsedListQuery<Q> {
  readonly query: Q;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** Parameters echoed as numbers rather than strings. */
const NUMERIC = new Set(['userId', 'limit']);

/**
 * The effective query as the envelope's `parameters`: the path names, every parameter given,
 * and the defaults applied (`limit`, `order`).
 */
export function echoParameters(
  path: Readonly<Record<string, string>>,
  params: ReadonlyMap<string, string>,
  limit: number | undefined,
  order: ListOrder,
): Record<string, unknown> {
  const echoed: Record<string, unknown> = { ...path };
  for (const [name, value] of params) echoed[name] = NUMERIC.has(name) ? Number(value) : value;
  if (limit !== undefined) echoed.limit = limit;
  echoed.order = order;

  return echoed;
}
