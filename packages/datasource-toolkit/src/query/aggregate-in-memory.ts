import type { Caller } from '../interfaces/caller';
import type { Collection } from '../interfaces/collection';
import type { AggregateResult, Aggregation } from './aggregation';
import type { Filter } from './filter';
import { PaginatedFilter } from './paginated-filter';

/** What {@link aggregateInMemory} computes: the arguments of `Collection.aggregate`. */
export interface InMemoryAggregateRequest {
  readonly filter: Filter;
  readonly aggregation: Aggregation;
  readonly limit?: number | undefined;
}

/**
 * Aggregates in memory: lists every record the filter matches with the fields the aggregation
 * reads, then computes it with {@link Aggregation.apply} (the one in-memory aggregate of Grove).
 * The fallback of a layer that can read a field but not aggregate it in the data source
 * (computed fields, emulated relations).
 *
 * @example
 * ```ts
 * if (usesComputedField) return aggregateInMemory(this, caller, { filter, aggregation, limit });
 * ```
 */
export async function aggregateInMemory(
  collection: Pick<Collection, 'list'>,
  caller: Caller,
  request: InMemoryAggregateRequest,
): Promise<AggregateResult[]> {
  const { filter, aggregation, limit } = request;
  const records = await collection.list(
    caller,
    new PaginatedFilter(filter.components),
    aggregation.projection,
  );

  return aggregation.apply(records, caller.timezone, limit);
}
