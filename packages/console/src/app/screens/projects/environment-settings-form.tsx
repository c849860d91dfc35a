import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { Environment } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useSubmit } from '../../components/use-submit';
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
  const [name, setName] = useState(environment.name);
  const [agentUrl, setAgentUrl] = useState(environment.agentUrl ?? '');
  const [isProduction, setIsProduction] = useState(environment.isProduction);
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
          await api('PATCH', path, { name, agentUrl: agentUrl.trim() || null, isProduction });
          setSaved(true);
          onSaved();
        });
      }}
    >
      <h2 id="environment-settings">Settings</h2>
      <Alert kind="error">{messages.form}</Alert>
      {saved ? <Alert kind="success">Settings saved.</Alert> : null}
      <Field
        label="Environment name"
        error={messages.field('name')}
        render={props => (
          <input
            {...props}
            required
            value={name}
            onInput={event => setName(event.currentTarget.value)}
          />
        )}
      />
      <Field
        label="Agent URL"
        error={messages.field('agentUrl')}
        render={props => (
          <input
            {...props}
            type="url"
            value={agentUrl}
            onInput={event => setAgentUrl(event.currentTarget.value)}
          />
        )}
      />
      <label class="checkbox">
        <input
          type="checkbox"
          checked={isProduction}
          onChange={event => setIsProduction(event.currentTarget.checked)}
        />
        Production environment
      </label>
      <button type="submit" disabled={submit.busy}>
        Save settings
      </button>
    </form>
  );
}
