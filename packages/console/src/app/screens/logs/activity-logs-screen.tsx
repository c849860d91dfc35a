import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';

import { api, queryString } from '../../api/admin-api';
import type { ActivityLog, Environment, LogPage } from '../../api/admin-types';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { WithEnvironment } from '../../components/use-environments';
import { ExportLinks } from './export-links';
import { LogFilters } from './log-filters';
import type { LogFilter, LogFilterValues } from './log-filters';
import { LogList } from './log-table';
import { useCursorPages } from './use-cursor-pages';

/** The actions most looked for (the server knows the others too). */
const ACTIONS = ['read', 'create', 'update', 'delete', 'action', 'search', 'filter', 'export'];

const FILTERS: readonly LogFilter[] = [
  { name: 'userEmail', label: 'User email', kind: 'email' },
  { name: 'collection', label: 'Collection', kind: 'text' },
  {
    name: 'action',
    label: 'Action',
    kind: 'suggest',
    options: ACTIONS.map(action => ({ value: action, label: action })),
  },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: [
      { value: '', label: 'Read and write' },
      { value: 'read', label: 'Read' },
      { value: 'write', label: 'Write' },
    ],
  },
  { name: 'from', label: 'From', kind: 'date', hint: 'Day in UTC' },
  { name: 'to', label: 'To', kind: 'date', hint: 'Included (UTC)' },
];
const FIELDS = FILTERS.map(filter => filter.name);

const when = (date: string) => new Date(date).toLocaleString();

/** The activity logs of one environment, filtered, paged, exported. */
function EnvironmentActivityLogs({
  projectId,
  environment,
}: {
  readonly projectId: string;
  readonly environment: Environment;
}) {
  const [filters, setFilters] = useState<LogFilterValues>({});
  const path = `/projects/${projectId}/environments/${environment.id}/activity-logs`;
  const pages = useCursorPages(`${environment.id}:${JSON.stringify(filters)}`);
  const logs = useLoad(
    () =>
      api<LogPage<ActivityLog>>(
        'GET',
        `${path}${queryString({ ...filters, cursor: pages.cursor })}`,
      ),
    [path, JSON.stringify(filters), pages.cursor],
  );

  return (
    <>
      <LogFilters
        label="Activity log filters"
        filters={FILTERS}
        error={logs.error}
        onApply={setFilters}
      />
      <ExportLinks path={`${path}/export`} filters={filters} />
      <LogList
        label="Activity logs"
        data={logs.data?.data}
        nextCursor={logs.data?.meta.nextCursor}
        error={logs.error}
        filterFields={FIELDS}
        pages={pages}
        emptyTitle="No activity matches"
        emptyHint="Operations appear here once users work through the agent of this environment; clear the filters to see them all."
      >
        {rows => (
          <div class="table-wrap" role="region" aria-label="Activity logs" tabIndex={0}>
            <table>
              <caption class="visually-hidden">Activity logs of {environment.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">User</th>
                  <th scope="col">Collection</th>
                  <th scope="col">Action</th>
                  <th scope="col">Type</th>
                  <th scope="col">Records</th>
                  <th scope="col">Source</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(log => (
                  <tr key={log.id}>
                    <td>{when(log.createdAt)}</td>
                    <td>{log.user.email}</td>
                    <td>{log.collection?.name ?? '—'}</td>
                    <td>
                      {log.action}
                      {log.label ? <span class="muted"> · {log.label}</span> : null}
                    </td>
                    <td>{log.type}</td>
                    <td>{log.recordIds?.join(', ') ?? '—'}</td>
                    <td>{log.source}</td>
                    <td>
                      <span class={log.status === 'failed' ? 'badge badge-bad' : 'badge'}>
                        {log.status}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LogList>
    </>
  );
}

/** Activity logs: every operation users made through an environment's agent. */
export function ActivityLogsScreen() {
  const params = useParams<{ projectId: string }>();

  return (
    <>
      <PageHeader title="Activity logs" />
      <WithEnvironment projectId={params.projectId}>
        {environment => (
          <EnvironmentActivityLogs
            key={environment.id}
            projectId={params.projectId}
            environment={environment}
          />
        )}
      </WithEnvironment>
    </>
  );
}
