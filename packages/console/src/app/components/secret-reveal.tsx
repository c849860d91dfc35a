import { CopyButton } from './copy-button';

/**
 * A secret shown this one time (an env secret, an API token): the value, a copy button, and the
 * warning that it will not be shown again. The value lives in the component's state only — never
 * in storage nor in a URL — and is gone once the screen is left.
 *
 * @example
 * ```tsx
 * <SecretReveal title="Environment secret" value={secret} onDone={() => setSecret(undefined)} />
 * ```
 */
export function SecretReveal({
  title,
  value,
  onDone,
}: {
  readonly title: string;
  readonly value: string;
  readonly onDone: () => void;
}) {
  return (
    <section class="secret" aria-labelledby="secret-title">
      <h3 id="secret-title">{title}</h3>
      <p class="warning" role="alert">
        Copy it now: it is shown this once and cannot be read again.
      </p>
      <div class="secret-row">
        <code class="secret-value" data-testid="secret-value">
          {value}
        </code>
        <CopyButton value={value} label="Copy" />
      </div>
      <button type="button" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
