import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

/** The props of {@link Field}. */
export interface FieldProps {
  readonly label: string;
  /** The server's message about this field, shown under it and announced. */
  readonly error?: string | undefined;
  readonly hint?: string;
  /** The control; it receives `id`, `aria-invalid` and `aria-describedby` through `render`. */
  readonly render: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ComponentChildren;
}

/**
 * A labelled form control with its hint and its server error next to it.
 *
 * @example
 * ```tsx
 * <Field label="Name" error={submit.errorFor('name')}
 *   render={props => <input {...props} value={name} onInput={...} />} />
 * ```
 */
export function Field({ label, error, hint, render }: FieldProps) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  return (
    <div class={error ? 'field field-invalid' : 'field'}>
      <label for={id}>{label}</label>
      {render({
        id,
        'aria-invalid': Boolean(error),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && !error ? (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
