import { useState } from 'preact/hooks';

import type { ApiError } from '../../api/api-error';
import { Field } from '../../components/field';

/** One filter of a log screen. */
export interface LogFilter {
  /** The query parameter (and the field the server's messages start with). */
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'email' | 'date' | 'select' | 'suggest';
  readonly hint?: string;
  /** The choices of a `select` (an empty first one means "any"), the suggestions of `suggest`. */
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

/** Filter values by parameter name. */
export type LogFilterValues = Readonly<Record<string, string>>;

/**
 * The filter form of a log screen: the values apply when submitted, so that typing does not
 * reload the list at each key; the server's message about a filter shows next to it.
 *
 * @example
 * ```tsx
 * <LogFilters filters={FILTERS} error={logs.error} onApply={setApplied} />
 * ```
 */
export function LogFilters({
  label,
  filters,
  error,
  onApply,
}: {
  readonly label: string;
  readonly filters: readonly LogFilter[];
  readonly error: ApiError | undefined;
  readonly onApply: (values: LogFilterValues) => void;
}) {
  const [values, setValues] = useState<LogFilterValues>({});
  const errorField = error?.fieldOf(filters.map(filter => filter.name));
  const set = (name: string, value: string) => setValues({ ...values, [name]: value });

  return (
    <form
      class="log-filters"
      aria-label={label}
      onSubmit={event => {
        event.preventDefault();
        onApply(values);
      }}
    >
      <div class="filters">
        {filters.map(filter => (
          <Field
            key={filter.name}
            label={filter.label}
            {...(filter.hint ? { hint: filter.hint } : {})}
            error={errorField === filter.name ? error?.detail : undefined}
            render={props =>
              filter.kind === 'select' ? (
                <select
                  {...props}
                  value={values[filter.name] ?? ''}
                  onChange={event => set(filter.name, event.currentTarget.value)}
                >
                  {(filter.options ?? []).map(option => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <>
                  <input
                    {...props}
                    type={filter.kind === 'suggest' ? 'text' : filter.kind}
                    list={filter.kind === 'suggest' ? `${props.id}-list` : undefined}
                    value={values[filter.name] ?? ''}
                    onInput={event => set(filter.name, event.currentTarget.value)}
                  />
                  {filter.kind === 'suggest' ? (
                    <datalist id={`${props.id}-list`}>
                      {(filter.options ?? []).map(option => (
                        <option key={option.value} value={option.value} />
                      ))}
                    </datalist>
                  ) : null}
                </>
              )
            }
          />
        ))}
      </div>
      <div class="actions">
        <button type="submit">Apply filters</button>
        <button
          type="button"
          class="button-secondary"
          onClick={() => {
            setValues({});
            onApply({});
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
