import type { PublicApiContext } from '../public-api-context';
import type { ListOrder } from '../store/list-query-types';
import { decodeCursor } from './list-cursor';
import type { CursorList, ListPosition } from './list-cursor';
import { parseEnum } from './parse-values';

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

/** What every list query starts from: its order, its cursor's position, and readers of values. */
export interface ListQueryReader {
  readonly order: ListOrder;
  /** Where the cursor says the list continues, if a cursor was given. */
  readonly position: ListPosition | undefined;
  get(name: string): string | undefined;
  /** Parses a parameter when it is given (`undefined` otherwise). */
  optional<T>(name: string, parse: (name: string, value: string) => T): T | undefined;
}

/**
 * Reads what every list query shares: `order` (default `desc`) and the `cursor` of that list in
 * that order (400 when tampered with, of another list or of the other order).
 *
 * @example
 * ```ts
 * const { order, position, optional } = readListQuery(context, params, 'notes');
 * ```
 */
export function readListQuery(
  context: PublicApiContext,
  params: ReadonlyMap<string, string>,
  list: CursorList,
): ListQueryReader {
  const get = (name: string) => params.get(name);
  const order = parseEnum('order', get('order') ?? 'desc', ['desc', 'asc'] as const);
  const cursor = get('cursor');

  return {
    order,
    position:
      cursor === undefined ? undefined : decodeCursor(context.cursorKey, cursor, list, order),
    get,
    optional(name, parse) {
      const value = get(name);

      return value === undefined ? undefined : parse(name, value);
    },
  };
}
