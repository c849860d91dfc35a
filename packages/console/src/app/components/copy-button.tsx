import { useState } from 'preact/hooks';

/**
 * Copies a value to the clipboard, and says so.
 *
 * @example
 * ```tsx
 * <CopyButton value={secret} label="Copy secret" />
 * ```
 */
export function CopyButton({
  value,
  label = 'Copy',
}: {
  readonly value: string;
  readonly label?: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);

  return (
    <button
      type="button"
      class="button-secondary"
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied === true ? 'Copied' : copied === false ? 'Copy failed: select the text' : label}
    </button>
  );
}
