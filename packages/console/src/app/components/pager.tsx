/**
 * Previous / next paging of a long list (page numbers, or cursors behind the callbacks).
 *
 * @example
 * ```tsx
 * <Pager label="Admin logs" page={page} hasPrevious={page > 1} hasNext={hasMore}
 *   onPrevious={() => setPage(page - 1)} onNext={() => setPage(page + 1)} />
 * ```
 */
export function Pager({
  label,
  page,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  readonly label: string;
  readonly page: number;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
}) {
  if (!hasPrevious && !hasNext) return null;

  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" class="button-secondary" disabled={!hasPrevious} onClick={onPrevious}>
        Previous
      </button>
      <span aria-live="polite">Page {page}</span>
      <button type="button" class="button-secondary" disabled={!hasNext} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}
