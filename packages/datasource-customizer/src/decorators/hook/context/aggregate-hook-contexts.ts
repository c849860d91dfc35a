import type {
  AggregateResult,
  Aggregation,
  Caller,
  Collection,
  Filter,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';

/** The aggregate request a hook sees: the filter, the aggregation and the limit. */
export interface AggregateHookRequest {
  readonly filter: Filter;
  readonly aggregation: Aggregation;
  readonly limit?: number | undefined;
}

/**
 * What a Before-Aggregate hook receives: the (frozen) filter, aggregation and limit.
 *
 * @example
 * ```ts
 * collection.addHook('Before', 'Aggregate', context => {
 *   if (context.aggregation.operation === 'Sum') context.throwError('Sums are disabled');
 * });
 * ```
 */
export class HookBeforeAggregateContext extends CollectionCustomizationContext {
  readonly filter: Filter;
  readonly aggregation: Aggregation;
  readonly limit: number | undefined;

  constructor(collection: Collection, caller: Caller, request: AggregateHookRequest) {
    super(collection, caller);
    const { filter, aggregation, limit } = request;
    this.filter = filter;
    Object.freeze(filter);
    this.aggregation = aggregation;
    Object.freeze(aggregation);
    this.limit = limit;
  }
}

/**
 * What an After-Aggregate hook receives: the request and the (frozen) result rows.
 *
 * @example
 * ```ts
 * collection.addHook('After', 'Aggregate', context => {
 *   console.log(context.aggregateResult.length, 'groups');
 * });
 * ```
 */
export class HookAfterAggregateContext extends HookBeforeAggregateContext {
  readonly aggregateResult: readonly AggregateResult[];

  constructor(
    collection: Collection,
    caller: Caller,
    request: AggregateHookRequest,
    aggregateResult: readonly AggregateResult[],
  ) {
    super(collection, caller, request);
    this.aggregateResult = Object.freeze([...aggregateResult]);
  }
}
