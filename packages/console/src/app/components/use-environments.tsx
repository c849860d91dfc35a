import { useLocation, useSearch } from 'wouter-preact';

import { api } from '../api/admin-api';
import type { DataOf, Environment } from '../api/admin-types';
import { EmptyState } from './empty-state';
import { LoadState } from './load-state';
import { useLoad } from './use-load';
import type { ComponentChildren } from 'preact';

/** The environments of a project. */
export function useEnvironments(projectId: string) {
  return useLoad(
    () => api<DataOf<Environment[]>>('GET', `/projects/${projectId}/environments`),
    [projectId],
  );
}

/**
 * For the screens of an environment's data: loads the project's environments, shows a chooser,
 * keeps the choice in the URL (`?environment=<id>`, the first environment by default), and
 * renders `children` with the chosen one.
 *
 * @example
 * ```tsx
 * <WithEnvironment projectId={projectId}>{env => <Logs environment={env} />}</WithEnvironment>
 * ```
 */
export function WithEnvironment({
  projectId,
  children,
}: {
  readonly projectId: string;
  readonly children: (environment: Environment) => ComponentChildren;
}) {
  const environments = useEnvironments(projectId);
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();

  return (
    <LoadState loaded={environments}>
      {({ data }) => {
        if (data.length === 0) {
          return (
            <EmptyState title="No environment yet">Create one in Environments first.</EmptyState>
          );
        }
        const chosen = data.find(env => String(env.id) === search.get('environment')) ?? data[0]!;

        return (
          <>
            <label class="environment-switch">
              Environment{' '}
              <select
                value={String(chosen.id)}
                onChange={event => navigate(`${location}?environment=${event.currentTarget.value}`)}
              >
                {data.map(env => (
                  <option key={env.id} value={String(env.id)}>
                    {env.name}
                  </option>
                ))}
              </select>
            </label>
            {children(chosen)}
          </>
        );
      }}
    </LoadState>
  );
}
