import { useState } from 'preact/hooks';

import { api, queryString } from '../../api/admin-api';
import type { PagedOf, WorkflowRun } from '../../api/admin-types';
import { EmptyState } from '../../components/empty-state';
import { LoadState } from '../../components/load-state';
import { Pager } from '../../components/pager';
import { useLoad } from '../../components/use-load';

const PAGE_SIZE = 20;

function statusClass(status: string): string {
  if (status === 'succeeded') return 'badge badge-ok';

  return status === 'failed' ? 'badge badge-bad' : 'badge';
}

/**
 * The runs of a workflow, newest first and paged: status, record, user, source, and each step's
 * outcome (with its error).
 *
 * @example
 * ```tsx
 * <WorkflowRuns workflowPath={path} />
 * ```
 */
export function WorkflowRuns({ workflowPath }: { readonly workflowPath: string }) {
  const [page, setPage] = useState(1);
  const runs = useLoad(
    () =>
      api<PagedOf<WorkflowRun[]>>(
        'GET',
        `${workflowPath}/runs${queryString({ page, pageSize: PAGE_SIZE })}`,
      ),
    [workflowPath, page],
  );

  return (
    <section class="section" aria-labelledby="runs-heading">
      <div class="page-header">
        <h2 id="runs-heading">Runs</h2>
        <button type="button" class="button-secondary" onClick={() => void runs.reload()}>
          Refresh runs
        </button>
      </div>
      <LoadState loaded={runs}>
        {({ data, meta }) => (
          <>
            {data.length === 0 ? (
              <EmptyState title="No run yet">
                Trigger the workflow by POSTing a record id to its webhook URL above.
              </EmptyState>
            ) : (
              <div class="table-wrap" role="region" aria-label="Runs of the workflow" tabIndex={0}>
                <table>
                  <caption class="visually-hidden">Runs of the workflow</caption>
                  <thead>
                    <tr>
                      <th scope="col">Started</th>
                      <th scope="col">Status</th>
                      <th scope="col">Record</th>
                      <th scope="col">User</th>
                      <th scope="col">Source</th>
                      <th scope="col">Steps</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map(run => (
                      <tr key={run.id}>
                        <td>
                          <time dateTime={run.createdAt}>
                            {new Date(run.createdAt).toLocaleString()}
                          </time>
                        </td>
                        <td>
                          <span class={statusClass(run.status)}>{run.status}</span>
                        </td>
                        <td class="mono">{run.recordId}</td>
                        <td>{run.userEmail ?? '—'}</td>
                        <td>{run.source}</td>
                        <td>
                          <ol class="run-steps">
                            {run.steps.map(step => (
                              <li key={step.index}>
                                {step.actionName}:{' '}
                                <span class={statusClass(step.status)}>{step.status}</span>
                                {step.error ? <p class="field-error">{step.error}</p> : null}
                              </li>
                            ))}
                          </ol>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager
              label="Runs"
              page={meta.page}
              hasPrevious={meta.page > 1}
              hasNext={meta.page * meta.pageSize < meta.total}
              onPrevious={() => setPage(meta.page - 1)}
              onNext={() => setPage(meta.page + 1)}
            />
          </>
        )}
      </LoadState>
    </section>
  );
}
