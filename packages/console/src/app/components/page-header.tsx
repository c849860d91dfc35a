import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * A screen's title (also the document title, so that screen readers and tabs say where one is)
 * and its main actions.
 *
 * @example
 * ```tsx
 * <PageHeader title="API access" />
 * ```
 */
export function PageHeader({
  title,
  children,
}: {
  readonly title: string;
  readonly children?: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${title} · Grove`;
  }, [title]);

  return (
    <header class="page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children ? <div class="page-actions">{children}</div> : null}
    </header>
  );
}
