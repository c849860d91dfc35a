import type { Caller } from '../interfaces/caller';
import type { Collection } from '../interfaces/collection';
import type { AggregateResult, Aggregation } from './aggregation';
import type { Filter } from './filter';
import { PaginatedFilter } from './paginated-filter';

/**
 * Aggregates in memory: lists every record the filter matches with the fields the aggregation
 * reads, then computes it with {@link Aggregation.apply} (the one in-memory aggregate of Grove).
 * The fallback of a layer that can read a field but not aggregate it in the data source
 * (computed fields, emulated relations).
 *
 * @example
 * ```ts
 * if (usesComputedField) return aggregateInMemory(this, caller, filter, aggregation, limit);
 * ```
 */
export async function aggregateInMemory(
  collection: Pick<Collection, 'list'>,
  caller: Caller,
  filter: Filter,
  aggregation: Aggregation,
  limit?: number,
): Promise<AggregateResult[]> {
  const records = await collection.list(
    caller,
    new PaginatedFilter(filter.components),
    aggregation.projection,
  );

  return aggregation.apply(records, caller.timezone, limit);
}
