import {
  ConditionTreeFactory,
  NotFoundError,
  ValidationError,
  packId,
  validateProjection,
  type Caller,
  type Collection,
  type CompositeId,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import type {
  TCollectionName,
  TFieldName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/**
 * What a record chart handler receives: the record it is displayed on, the chart parameters and
 * the caller's timezone, on top of the collection context (which talks to the chart layer).
 *
 * @example
 * ```ts
 * collection.addChart('orders of this customer', async (context, resultBuilder) => {
 *   const orders = await context.dataSource.getCollection('orders').aggregate(
 *     { conditionTree: { field: 'customerId', operator: 'Equal', value: context.recordId } },
 *     { operation: 'Count' },
 *   );
 *
 *   return resultBuilder.value(Number(orders[0]?.value ?? 0));
 * });
 * ```
 */
export class CollectionChartContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  /** The primary-key values of the record, in schema order. */
  readonly compositeRecordId: CompositeId;
  /** The parameters sent by the frontend (a frozen copy). */
  readonly parameters: Readonly<Record<string, unknown>>;
  private readonly realCollection: Collection;

  constructor(
    collection: Collection,
    caller: Caller,
    recordId: CompositeId,
    parameters: Record<string, unknown> = {},
  ) {
    super(collection, caller);
    this.realCollection = collection;
    this.compositeRecordId = Object.freeze([...recordId]) as CompositeId;
    this.parameters = Object.freeze({ ...parameters });
  }

  /** The caller's IANA timezone (time-based charts are bucketed in it). */
  get timezone(): string {
    return this.caller.timezone;
  }

  /** The primary key of the record; collections with a composite key use `compositeRecordId`. */
  get recordId(): CompositeId[number] {
    if (this.compositeRecordId.length !== 1) {
      throw new ValidationError(
        'Collection is using a composite pk: use `context.compositeRecordId`.',
      );
    }

    return this.compositeRecordId[0] as CompositeId[number];
  }

  /** Reads the record the chart is displayed on, with the given fields (`relation:field` paths too). */
  async getRecord(fields: ReadonlyArray<TFieldName<S, N>>): Promise<TPartialRow<S, N>> {
    validateProjection(fields, this.realCollection);
    const conditionTree = ConditionTreeFactory.matchIds(this.realCollection.schema, [
      this.compositeRecordId,
    ]);
    const [record] = await this.collection.list({ conditionTree }, fields);
    if (!record) {
      throw new NotFoundError(
        `Record '${packId(this.compositeRecordId)}' was not found in collection '${this.realCollection.name}'.`,
      );
    }

    return record;
  }
}
