import { useEffect, useState } from 'preact/hooks';

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
 * page shown before; starts again on the first page whenever `resetKey` changes (new filters).
 *
 * @example
 * ```ts
 * const pages = useCursorPages(JSON.stringify(filters));
 * ```
 */
export function useCursorPages(resetKey: string): CursorPages {
  const [stack, setStack] = useState<readonly (string | undefined)[]>([undefined]);
  useEffect(() => setStack([undefined]), [resetKey]);

  return {
    cursor: stack[stack.length - 1],
    page: stack.length,
    next: nextCursor => setStack([...stack, nextCursor]),
    previous: () => setStack(stack.length > 1 ? stack.slice(0, -1) : stack),
  };
}
