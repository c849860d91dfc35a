import type { Aggregation, AggregateResult } from '../query/aggregation';
import type { Filter } from '../query/filter';
import type { PaginatedFilter } from '../query/paginated-filter';
import type { Projection } from '../query/projection';
import type { ActionFormElement, ActionFormMetas, ActionResult } from './action';
import type { Caller } from './caller';
import type { Chart } from './chart';
import type { CompositeId, RecordData } from './record';
import type { CollectionSchema } from './schema';
import type { DataSource } from './data-source';

/**
 * A table-like set of records: a schema and the operations every data source implements.
 *
 * @example
 * ```ts
 * const books = dataSource.getCollection('books');
 * const page = await books.list(caller, new PaginatedFilter({ page: new Page(0, 15) }),
 *   new Projection('id', 'title', 'author:name'));
 * ```
 */
export interface Collection {
  readonly name: string;
  readonly dataSource: DataSource;
  readonly schema: CollectionSchema;
  /** The underlying driver object (an ORM model…), opaque to Grove. */
  readonly nativeDriver?: unknown;

  /** Lists records holding only the projected paths, nested by relation. */
  list(caller: Caller, filter: PaginatedFilter, projection: Projection): Promise<RecordData[]>;
  /** Creates records and returns them with their generated keys. */
  create(caller: Caller, records: RecordData[]): Promise<RecordData[]>;
  /** Applies the same patch to every record matching the filter. */
  update(caller: Caller, filter: Filter, patch: RecordData): Promise<void>;
  /** Deletes every record matching the filter. */
  delete(caller: Caller, filter: Filter): Promise<void>;
  /** Computes an aggregate, optionally grouped, sorted by value descending. */
  aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]>;
  /** Runs an action. */
  execute(
    caller: Caller,
    name: string,
    formValues: RecordData,
    filter?: Filter,
  ): Promise<ActionResult>;
  /** Evaluates the form of an action. */
  getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: ActionFormMetas,
  ): Promise<ActionFormElement[]>;
  /** Renders a chart attached to a record. */
  renderChart(
    caller: Caller,
    name: string,
    recordId: CompositeId,
    parameters?: Record<string, unknown>,
  ): Promise<Chart>;
}
