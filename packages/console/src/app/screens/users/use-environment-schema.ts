import { api } from '../../api/admin-api';
import type { DataOf, SchemaCollection } from '../../api/admin-types';
import { useLoad } from '../../components/use-load';

/**
 * The collections of an environment's schema (as its agent last sent it; empty before).
 *
 * @example
 * ```tsx
 * const schema = useEnvironmentSchema(projectId, environment.id);
 * ```
 */
export function useEnvironmentSchema(projectId: string, environmentId: number) {
  return useLoad(
    () =>
      api<DataOf<{ collections: SchemaCollection[] }>>(
        'GET',
        `/projects/${projectId}/environments/${environmentId}/schema`,
      ),
    [projectId, environmentId],
  );
}
