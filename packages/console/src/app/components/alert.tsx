import type { ComponentChildren } from 'preact';

/**
 * A message above a form or a list: an error (announced) or a notice.
 *
 * @example
 * ```tsx
 * <Alert kind="error">{formError(submit, ['name'])}</Alert>
 * ```
 */
export function Alert({
  kind,
  children,
}: {
  readonly kind: 'error' | 'success' | 'warning';
  readonly children: ComponentChildren;
}) {
  if (children === undefined || children === null || children === '') return null;

  return (
    <div class={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
