import type {
  AggregateResult,
  Aggregation,
  Caller,
  Collection,
  Filter,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';

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

  constructor(
    collection: Collection,
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ) {
    super(collection, caller);
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
    filter: Filter,
    aggregation: Aggregation,
    limit: number | undefined,
    aggregateResult: readonly AggregateResult[],
  ) {
    super(collection, caller, filter, aggregation, limit);
    this.aggregateResult = Object.freeze([...aggregateResult]);
  }
}
