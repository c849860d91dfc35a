import { Field } from '../../components/field';

/** What an environment's form edits. */
export interface EnvironmentFieldValues {
  readonly name: string;
  readonly agentUrl: string;
  readonly isProduction: boolean;
}

/** The body of an environment's create or update call (an empty agent URL is none). */
export function environmentBody(values: EnvironmentFieldValues) {
  return {
    name: values.name,
    agentUrl: values.agentUrl.trim() || null,
    isProduction: values.isProduction,
  };
}

/**
 * The fields of an environment — name, agent URL, production flag — with the server's message
 * next to each; shared by the create form and the settings form.
 *
 * @example
 * ```tsx
 * <EnvironmentFields values={values} onChange={setValues} errorFor={messages.field} />
 * ```
 */
export function EnvironmentFields({
  values,
  onChange,
  errorFor,
  agentUrlHint,
}: {
  readonly values: EnvironmentFieldValues;
  readonly onChange: (values: EnvironmentFieldValues) => void;
  readonly errorFor: (field: 'name' | 'agentUrl') => string | undefined;
  readonly agentUrlHint?: string;
}) {
  return (
    <>
      <Field
        label="Environment name"
        error={errorFor('name')}
        render={props => (
          <input
            {...props}
            required
            value={values.name}
            onInput={event => onChange({ ...values, name: event.currentTarget.value })}
          />
        )}
      />
      <Field
        label="Agent URL"
        {...(agentUrlHint ? { hint: agentUrlHint } : {})}
        error={errorFor('agentUrl')}
        render={props => (
          <input
            {...props}
            type="url"
            value={values.agentUrl}
            onInput={event => onChange({ ...values, agentUrl: event.currentTarget.value })}
          />
        )}
      />
      <label class="checkbox">
        <input
          type="checkbox"
          checked={values.isProduction}
          onChange={event => onChange({ ...values, isProduction: event.currentTarget.checked })}
        />
        Production environment
      </label>
    </>
  );
}
