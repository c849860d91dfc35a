import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { Environment } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { useSubmit } from '../../components/use-submit';
import { EnvironmentFields, environmentBody } from './environment-fields';
import type { EnvironmentFieldValues } from './environment-fields';
import { formMessages } from './form-messages';

/**
 * The settings of an environment: name, agent URL, production flag (`PATCH` of the environment).
 *
 * @example
 * ```tsx
 * <EnvironmentSettingsForm path={path} environment={env} onSaved={reload} />
 * ```
 */
export function EnvironmentSettingsForm({
  path,
  environment,
  onSaved,
}: {
  readonly path: string;
  readonly environment: Environment;
  readonly onSaved: () => void;
}) {
  const [values, setValues] = useState<EnvironmentFieldValues>({
    name: environment.name,
    agentUrl: environment.agentUrl ?? '',
    isProduction: environment.isProduction,
  });
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const messages = formMessages(submit, { name: /\bname\b/i, agentUrl: /agent URL/i });

  return (
    <form
      class="card form"
      aria-labelledby="environment-settings"
      onSubmit={event => {
        event.preventDefault();
        setSaved(false);
        void submit.run(async () => {
          await api('PATCH', path, environmentBody(values));
          setSaved(true);
          onSaved();
        });
      }}
    >
      <h2 id="environment-settings">Settings</h2>
      <Alert kind="error">{messages.form}</Alert>
      {saved ? <Alert kind="success">Settings saved.</Alert> : null}
      <EnvironmentFields values={values} onChange={setValues} errorFor={messages.field} />
      <button type="submit" disabled={submit.busy}>
        Save settings
      </button>
    </form>
  );
}
