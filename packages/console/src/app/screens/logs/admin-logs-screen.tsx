import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';

import { api, queryString } from '../../api/admin-api';
import type { AdminLog, LogPage } from '../../api/admin-types';
import { PageHeader } from '../../components/page-header';
import { useLoad } from '../../components/use-load';
import { ExportLinks } from './export-links';
import { LogFilters } from './log-filters';
import type { LogFilter, LogFilterValues } from './log-filters';
import { LogList } from './log-table';
import { useCursorPages } from './use-cursor-pages';
import { ValuesDiff } from './values-diff';

/** The platform's resource types (packages/platform/src/public-api/list-admin-logs.ts). */
const RESOURCE_TYPES = [
  'api-token',
  'environment',
  'invitation',
  'member',
  'project',
  'rendering',
  'role',
  'role-action-rights',
  'role-collection-rights',
  'role-rights',
  'team',
  'team-member',
  'workflow',
];

const FILTERS: readonly LogFilter[] = [
  { name: 'userEmail', label: 'Initiator email', kind: 'email' },
  {
    name: 'action',
    label: 'Action',
    kind: 'suggest',
    options: ['create', 'update', 'delete', 'revoke'].map(action => ({
      value: action,
      label: action,
    })),
  },
  {
    name: 'resourceType',
    label: 'Resource type',
    kind: 'select',
    options: [
      { value: '', label: 'Any resource' },
      ...RESOURCE_TYPES.map(type => ({ value: type, label: type })),
    ],
  },
  { name: 'from', label: 'From', kind: 'date', hint: 'Day in UTC' },
  { name: 'to', label: 'To', kind: 'date', hint: 'Included (UTC)' },
];
const FIELDS = FILTERS.map(filter => filter.name);

/** One admin change: who, what, when; its values side by side when opened. */
function AdminLogEntry({ log }: { readonly log: AdminLog }) {
  return (
    <li class="card admin-log">
      <p>
        <strong>{log.action}</strong> {log.resourceType}
        {log.resourceId ? ` #${log.resourceId}` : ''}
      </p>
      <p class="muted">
        {log.initiator?.email ?? 'The platform'} · {new Date(log.createdAt).toLocaleString()}
      </p>
      <details>
        <summary>
          Values of {log.action} {log.resourceType}
        </summary>
        <ValuesDiff previous={log.previousValues} next={log.newValues} />
      </details>
    </li>
  );
}

/** Admin logs: every change to the project's settings, with the values before and after. */
export function AdminLogsScreen() {
  const { projectId } = useParams<{ projectId: string }>();
  const [filters, setFilters] = useState<LogFilterValues>({});
  const path = `/projects/${projectId}/admin-logs`;
  const pages = useCursorPages(`${projectId}:${JSON.stringify(filters)}`);
  const logs = useLoad(
    () =>
      api<LogPage<AdminLog>>('GET', `${path}${queryString({ ...filters, cursor: pages.cursor })}`),
    [path, JSON.stringify(filters), pages.cursor],
  );

  return (
    <>
      <PageHeader title="Admin logs" />
      <LogFilters
        label="Admin log filters"
        filters={FILTERS}
        error={logs.error}
        onApply={setFilters}
      />
      <ExportLinks path={`${path}/export`} filters={filters} />
      <LogList
        label="Admin logs"
        data={logs.data?.data}
        nextCursor={logs.data?.meta.nextCursor}
        error={logs.error}
        filterFields={FIELDS}
        pages={pages}
        emptyTitle="No change matches"
        emptyHint="Changes to environments, users, roles and tokens appear here; clear the filters to see them all."
      >
        {rows => (
          <ul class="admin-logs" aria-label="Admin logs">
            {rows.map(log => (
              <AdminLogEntry key={log.id} log={log} />
            ))}
          </ul>
        )}
      </LogList>
    </>
  );
}
