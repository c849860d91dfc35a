import type { ComponentChildren } from 'preact';

/**
 * What an empty list shows: what is missing and what to do next.
 *
 * @example
 * ```tsx
 * <EmptyState title="No token yet">Generate one in Account settings.</EmptyState>
 * ```
 */
export function EmptyState({
  title,
  children,
}: {
  readonly title: string;
  readonly children?: ComponentChildren;
}) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
