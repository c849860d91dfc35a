import type { Request, Response } from 'express';

import type { PublicApiContext } from '../public-api-context';
import { encodeCursor } from '../query/list-cursor';
import type { CursorList, ListPosition } from '../query/list-cursor';
import type { ListOrder } from '../store/list-query-types';

/** What a list route hands to {@link sendList}. */
export interface ListPage<T> {
  readonly list: CursorList;
  readonly order: ListOrder;
  readonly limit: number;
  /** What the store answered to `limit + 1`: one more row than shown means `hasMore`. */
  readonly rows: readonly T[];
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly positionOf: (row: T) => Pick<ListPosition, 'id' | 'createdAt'>;
}

/**
 * Answers `{ hasMore, data, parameters, nextCursor }` and, when there is more, a
 * `Link: <…&cursor=…>; rel="next"` built from the request's own query.
 */
export function sendList<T>(
  context: PublicApiContext,
  req: Request,
  res: Response,
  page: ListPage<T>,
): void {
  const hasMore = page.rows.length > page.limit;
  const data = page.rows.slice(0, page.limit);
  const last = data[data.length - 1];
  const nextCursor =
    hasMore && last !== undefined
      ? encodeCursor(context.cursorKey, {
          list: page.list,
          order: page.order,
          ...page.positionOf(last),
        })
      : null;
  if (nextCursor !== null) {
    const [path, query = ''] = req.originalUrl.split('?', 2);
    const search = new URLSearchParams(query);
    search.set('cursor', nextCursor);
    res.setHeader('Link', `<${context.publicUrl}${path}?${search.toString()}>; rel="next"`);
  }
  res.status(200).json({ hasMore, data, parameters: page.parameters, nextCursor });
}
