import { useState } from 'preact/hooks';

/** The page size of lists the admin API answers whole (members, invitations, teams, roles). */
export const LIST_PAGE_SIZE = 20;

/**
 * Pages a list the admin API answers whole: the items of the current page, and the props of a
 * {@link Pager}. The page stays in range when the list shrinks (after a removal).
 *
 * @example
 * ```tsx
 * const { shown, pager } = usePageSlice(people.members);
 * <Pager label="Members" {...pager} />
 * ```
 */
export function usePageSlice<T>(items: readonly T[], size = LIST_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);

  return {
    shown: items.slice((current - 1) * size, current * size),
    pager: {
      page: current,
      hasPrevious: current > 1,
      hasNext: current < pages,
      onPrevious: () => setPage(current - 1),
      onNext: () => setPage(current + 1),
    },
  };
}
