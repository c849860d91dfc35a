import type { ComponentChildren } from 'preact';

import type { ApiError } from '../../api/api-error';
import { Alert } from '../../components/alert';
import { EmptyState } from '../../components/empty-state';
import { Pager } from '../../components/pager';
import type { CursorPages } from './use-cursor-pages';

/**
 * The list part of a log screen: the load error (unless a filter shows it), the loading line,
 * the empty state, the rows, and the cursor pager.
 *
 * @example
 * ```tsx
 * <LogList label="Admin logs" loaded={logs} pages={pages} filterFields={FIELDS} empty="…">
 *   {page => <table>…</table>}
 * </LogList>
 * ```
 */
export function LogList<T>({
  label,
  data,
  nextCursor,
  error,
  filterFields,
  pages,
  emptyTitle,
  emptyHint,
  children,
}: {
  readonly label: string;
  readonly data: readonly T[] | undefined;
  readonly nextCursor: string | null | undefined;
  readonly error: ApiError | undefined;
  readonly filterFields: readonly string[];
  readonly pages: CursorPages;
  readonly emptyTitle: string;
  readonly emptyHint: string;
  readonly children: (rows: readonly T[]) => ComponentChildren;
}) {
  if (error) return error.fieldOf(filterFields) ? null : <Alert kind="error">{error.detail}</Alert>;
  if (data === undefined) {
    return (
      <p class="muted" aria-busy="true">
        Loading…
      </p>
    );
  }

  return (
    <>
      {data.length === 0 ? <EmptyState title={emptyTitle}>{emptyHint}</EmptyState> : children(data)}
      <Pager
        label={label}
        page={pages.page}
        hasPrevious={pages.page > 1}
        hasNext={Boolean(nextCursor)}
        onPrevious={pages.previous}
        onNext={() => (nextCursor ? pages.next(nextCursor) : undefined)}
      />
    </>
  );
}
