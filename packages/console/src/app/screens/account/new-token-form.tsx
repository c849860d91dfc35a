import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { ApiTokenScope, CreatedApiToken } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { SecretReveal } from '../../components/secret-reveal';
import { formError, useSubmit } from '../../components/use-submit';
import type { SessionProject } from '../../session/session-context';

/** The scopes a token may carry, and what each allows. */
const SCOPES: readonly { readonly value: ApiTokenScope; readonly label: string }[] = [
  { value: 'activity_logs:read', label: 'Read activity logs' },
  { value: 'admin_logs:read', label: 'Read admin logs' },
  { value: 'notes:read', label: 'Read notes' },
  { value: 'notes:write', label: 'Write notes' },
  { value: 'workflows:trigger', label: 'Trigger workflows' },
  { value: 'all', label: 'All of the above' },
];

const FIELDS = ['name', 'level', 'scopes', 'expiresAt'];

/**
 * "Generate New Token": project, name, level, scopes, optional expiration date. The value the
 * platform answers is shown once with a copy button, and kept nowhere else.
 *
 * @example
 * ```tsx
 * <NewTokenForm projects={adminProjects} />
 * ```
 */
export function NewTokenForm({ projects }: { readonly projects: readonly SessionProject[] }) {
  const [projectId, setProjectId] = useState(String(projects[0]?.id ?? ''));
  const [name, setName] = useState('');
  const [level, setLevel] = useState<'read-only' | 'read-write'>('read-only');
  const [scopes, setScopes] = useState<readonly ApiTokenScope[]>([]);
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<{ token: string; projectId: string } | undefined>();
  const submit = useSubmit(FIELDS);

  if (created) {
    return (
      <div class="card">
        <SecretReveal
          title={`API token ${name}`}
          value={created.token}
          onDone={() => {
            setCreated(undefined);
            setName('');
            setScopes([]);
            setExpires('');
          }}
        />
        <p>
          Send it as <code>Authorization: Bearer …</code> to <code>/v1</code>. See it in{' '}
          <Link href={`/projects/${created.projectId}/api-access`}>API access</Link>.
        </p>
      </div>
    );
  }

  return (
    <form
      class="card form"
      aria-labelledby="new-token"
      onSubmit={event => {
        event.preventDefault();
        void submit.run(async () => {
          const answer = await api<CreatedApiToken>('POST', `/projects/${projectId}/api-tokens`, {
            name,
            level,
            scopes,
            // The whole chosen day, in UTC.
            ...(expires ? { expiresAt: `${expires}T23:59:59Z` } : {}),
          });
          setCreated({ token: answer.token, projectId });
        });
      }}
    >
      <h2 id="new-token">Generate New Token</h2>
      <Alert kind="error">{formError(submit, FIELDS)}</Alert>
      <Field
        label="Project"
        hint="A token reads and writes one project's data."
        render={props => (
          <select {...props} value={projectId} onChange={e => setProjectId(e.currentTarget.value)}>
            {projects.map(project => (
              <option key={project.id} value={String(project.id)}>
                {project.name}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        label="Token name"
        error={submit.errorFor('name')}
        render={props => (
          <input {...props} required value={name} onInput={e => setName(e.currentTarget.value)} />
        )}
      />
      <Field
        label="Level"
        error={submit.errorFor('level')}
        render={props => (
          <select
            {...props}
            value={level}
            onChange={e => setLevel(e.currentTarget.value as 'read-only' | 'read-write')}
          >
            <option value="read-only">Read-Only</option>
            <option value="read-write">Read-Write</option>
          </select>
        )}
      />
      <fieldset
        class={submit.errorFor('scopes') ? 'field-invalid' : undefined}
        aria-describedby={submit.errorFor('scopes') ? 'token-scopes-error' : undefined}
      >
        <legend>Scopes</legend>
        {SCOPES.map(scope => (
          <label key={scope.value} class="checkbox">
            <input
              type="checkbox"
              checked={scopes.includes(scope.value)}
              onChange={e =>
                setScopes(
                  e.currentTarget.checked
                    ? [...scopes, scope.value]
                    : scopes.filter(value => value !== scope.value),
                )
              }
            />
            <span>
              <code>{scope.value}</code> — {scope.label}
            </span>
          </label>
        ))}
        {submit.errorFor('scopes') ? (
          <p class="field-error" id="token-scopes-error" role="alert">
            {submit.errorFor('scopes')}
          </p>
        ) : null}
      </fieldset>
      <Field
        label="Expiration date (optional)"
        hint="Empty: the token never expires. At most two years ahead."
        error={submit.errorFor('expiresAt')}
        render={props => (
          <input
            {...props}
            type="date"
            value={expires}
            onInput={e => setExpires(e.currentTarget.value)}
          />
        )}
      />
      <button type="submit" disabled={submit.busy}>
        Generate token
      </button>
    </form>
  );
}
