import { useEffect, useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import type { DataOf, Project } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { useSubmit } from '../../components/use-submit';
import { useSession } from '../../session/session-context';
import { formMessages } from './form-messages';

/**
 * The "Project settings" section: renames the project (and refreshes the project switcher).
 *
 * @example
 * ```tsx
 * <ProjectSettings projectId="1" />
 * ```
 */
export function ProjectSettings({ projectId }: { readonly projectId: string }) {
  const { projects, reloadProjects } = useSession();
  const project = projects.find(item => String(item.id) === projectId);
  const [name, setName] = useState(project?.name ?? '');
  const [saved, setSaved] = useState(false);
  const submit = useSubmit();
  const messages = formMessages(submit, { name: /\bname\b/i });

  useEffect(() => setName(project?.name ?? ''), [project?.name]);

  return (
    <form
      class="card form"
      aria-labelledby="project-settings"
      onSubmit={event => {
        event.preventDefault();
        setSaved(false);
        void submit.run(async () => {
          await api<DataOf<Project>>('PATCH', `/projects/${projectId}`, { name });
          await reloadProjects();
          setSaved(true);
        });
      }}
    >
      <h2 id="project-settings">Project settings</h2>
      <Alert kind="error">{messages.form}</Alert>
      {saved ? <Alert kind="success">Project renamed.</Alert> : null}
      <Field
        label="Project name"
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
      <button type="submit" disabled={submit.busy}>
        Rename project
      </button>
    </form>
  );
}
