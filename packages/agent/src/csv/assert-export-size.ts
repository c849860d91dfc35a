import { Page, PaginatedFilter, ValidationError } from '@grove/datasource-toolkit';
import type { Caller, Collection, Filter, Projection } from '@grove/datasource-toolkit';

/**
 * Options of {@link assertExportSize}.
 *
 * @example
 * ```ts
 * const options: ExportSizeOptions = { collection, caller, filter, projection, maxExportSize: 1_000_000 };
 * ```
 */
export interface ExportSizeOptions {
  readonly collection: Collection;
  readonly caller: Caller;
  /** The records of the export. */
  readonly filter: Filter;
  /** The export's columns (the probe reads one record of them). */
  readonly projection: Projection;
  /** The agent's `maxExportSize`. */
  readonly maxExportSize: number;
  /** The agent's `limitExportSize`: an export cut at or below the cap is never refused. */
  readonly limitExportSize?: number;
}

/**
 * Refuses, before any byte is streamed, a CSV export that would write more than `maxExportSize`
 * records (docs/decisions.md#d12-csv-export-cap: the vendor streams any size). One query reads at
 * most one record, the one past the cap; a collection need not be countable.
 *
 * @throws ValidationError (400) `The export holds more than <max> records …`.
 *
 * @example
 * ```ts
 * await assertExportSize({ collection, caller, filter, projection, maxExportSize: 1_000_000 });
 * ```
 */
export async function assertExportSize(options: ExportSizeOptions): Promise<void> {
  const { collection, caller, filter, projection, maxExportSize, limitExportSize } = options;
  if (limitExportSize !== undefined && limitExportSize <= maxExportSize) return;

  const beyond = await collection.list(
    caller,
    new PaginatedFilter(Object.assign(filter.components, { page: new Page(maxExportSize, 1) })),
    projection,
  );
  if (beyond.length > 0) {
    throw new ValidationError(
      `The export holds more than ${maxExportSize} records, the most this agent exports: narrow the filters`,
    );
  }
}
