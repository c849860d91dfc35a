import { useState } from 'preact/hooks';

/** Cursor paging of a list: the cursor of the page shown, and moves back and forth. */
export interface CursorPages {
  /** The cursor of the page shown (undefined on the first page). */
  readonly cursor: string | undefined;
  /** 1 for the first page. */
  readonly page: number;
  next(nextCursor: string): void;
  previous(): void;
}

/**
 * Keeps the cursors of the pages seen in a stack, so that Previous goes back to exactly the
 * page shown before; back on the first page as soon as `resetKey` changes (new filters) — in
 * the same render, so that no page is asked for with new filters and an old cursor.
 *
 * @example
 * ```ts
 * const pages = useCursorPages(JSON.stringify(filters));
 * ```
 */
export function useCursorPages(resetKey: string): CursorPages {
  const [state, setState] = useState<{
    readonly key: string;
    readonly stack: readonly (string | undefined)[];
  }>({ key: resetKey, stack: [undefined] });
  const stack = state.key === resetKey ? state.stack : [undefined];

  return {
    cursor: stack[stack.length - 1],
    page: stack.length,
    next: nextCursor => setState({ key: resetKey, stack: [...stack, nextCursor] }),
    previous: () =>
      setState({ key: resetKey, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  };
}
