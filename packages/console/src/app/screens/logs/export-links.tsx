import { ADMIN_API, queryString } from '../../api/admin-api';
import type { LogFilterValues } from './log-filters';

/**
 * Download links of a log export (CSV and NDJSON) with the filters applied: plain GETs with the
 * session cookie (no secret in the URL, only filters), streamed by the platform.
 *
 * @example
 * ```tsx
 * <ExportLinks path={`/projects/1/admin-logs/export`} filters={applied} />
 * ```
 */
export function ExportLinks({
  path,
  filters,
}: {
  readonly path: string;
  readonly filters: LogFilterValues;
}) {
  const href = (format: string) => `${ADMIN_API}${path}${queryString({ ...filters, format })}`;

  return (
    <div class="export-links">
      <a class="button button-secondary" href={href('csv')} download>
        Export CSV
      </a>
      <a class="button button-secondary" href={href('ndjson')} download>
        Export NDJSON
      </a>
    </div>
  );
}
