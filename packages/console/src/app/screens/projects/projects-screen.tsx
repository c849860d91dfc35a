import { useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';

import { api } from '../../api/admin-api';
import type { DataOf, Project } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { PageHeader } from '../../components/page-header';
import { formError, useSubmit } from '../../components/use-submit';
import { useSession } from '../../session/session-context';

const FIELDS = ['name'];

/** The user's projects (with their role in each), and a form to create one. */
export function ProjectsScreen() {
  const { projects, session, reloadProjects } = useSession();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const submit = useSubmit(FIELDS);
  const canCreate = session.user.permissionLevel === 'admin';

  return (
    <>
      <PageHeader title="Projects" />
      {projects.length === 0 ? (
        <EmptyState title="You are in no project yet">
          {canCreate
            ? 'Create your first project below.'
            : 'Ask an Admin of a project to invite you.'}
        </EmptyState>
      ) : (
        <ul class="cards">
          {projects.map(project => (
            <li key={project.id} class="card">
              <h2>
                {project.isAdmin ? (
                  <Link href={`/projects/${project.id}/environments`}>{project.name}</Link>
                ) : (
                  project.name
                )}
              </h2>
              <p class="muted">Your role: {project.role?.name ?? 'none'}</p>
            </li>
          ))}
        </ul>
      )}
      {canCreate ? (
        <form
          class="card form"
          aria-labelledby="new-project"
          onSubmit={event => {
            event.preventDefault();
            void submit.run(async () => {
              const { data } = await api<DataOf<Project>>('POST', '/projects', { name });
              setName('');
              await reloadProjects();
              navigate(`/projects/${data.id}/environments`);
            });
          }}
        >
          <h2 id="new-project">New project</h2>
          <Alert kind="error">{formError(submit, FIELDS)}</Alert>
          <Field
            label="Project name"
            error={submit.errorFor('name')}
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
            Create project
          </button>
        </form>
      ) : null}
    </>
  );
}
