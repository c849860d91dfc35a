import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

/**
 * A button that asks first, in a modal dialog (keyboard: focus moves into it, Escape cancels).
 *
 * @example
 * ```tsx
 * <ConfirmButton label="Revoke" confirmLabel="Revoke token" onConfirm={() => revoke(id)}>
 *   The token stops working at once.
 * </ConfirmButton>
 * ```
 */
export function ConfirmButton({
  label,
  confirmLabel,
  title,
  danger = true,
  disabled = false,
  onConfirm,
  children,
}: {
  readonly label: string;
  readonly confirmLabel: string;
  readonly title: string;
  readonly danger?: boolean;
  readonly disabled?: boolean;
  readonly onConfirm: () => void | Promise<void>;
  readonly children?: ComponentChildren;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  return (
    <>
      <button
        type="button"
        class={danger ? 'button-danger' : 'button-secondary'}
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} class="confirm" aria-label={title}>
        <h3>{title}</h3>
        <div>{children}</div>
        <div class="actions">
          <button type="button" class="button-secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            class={danger ? 'button-danger' : ''}
            onClick={() => {
              dialog.current?.close();
              void onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}
