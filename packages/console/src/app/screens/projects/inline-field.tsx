import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

/**
 * A small labelled control of a row (an IP rule, a condition, a chooser): the label above, the
 * control named by it alone (a wrapping label would add a select's options to the name).
 *
 * @example
 * ```tsx
 * <InlineField label="Subnet" render={id => <input id={id} value={range} />} />
 * ```
 */
export function InlineField({
  label,
  render,
}: {
  readonly label: string;
  readonly render: (id: string) => ComponentChildren;
}) {
  const id = useId();

  return (
    <div class="ip-input">
      <label for={id}>{label}</label>
      {render(id)}
    </div>
  );
}
