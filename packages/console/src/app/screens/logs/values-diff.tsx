/** A logged value as readable text (JSON, indented), or a dash when there is none. */
function shown(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/**
 * The previous and the new values of an admin change side by side (stacked on a phone).
 *
 * @example
 * ```tsx
 * <ValuesDiff previous={log.previousValues} next={log.newValues} />
 * ```
 */
export function ValuesDiff({
  previous,
  next,
}: {
  readonly previous: unknown;
  readonly next: unknown;
}) {
  return (
    <div class="diff">
      <figure>
        <figcaption>Previous values</figcaption>
        <pre>{shown(previous)}</pre>
      </figure>
      <figure>
        <figcaption>New values</figcaption>
        <pre>{shown(next)}</pre>
      </figure>
    </div>
  );
}
