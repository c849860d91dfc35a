import {
  NotFoundError,
  PaginatedFilter,
  Projection,
  ValidationError,
  getPrimaryKey,
  getPrimaryKeys,
  validateProjection,
  Filter,
  type Caller,
  type Collection,
  type CompositeId,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import type {
  TCollectionName,
  TFieldName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/** How an {@link ActionContext} is built (by the action layer). */
export interface ActionContextOptions {
  readonly actionName: string;
  /** The values typed in the form (read through a read-only view while the form is evaluated). */
  readonly formValues: RecordData;
  /** The selected records; none for a global action called without filter. */
  readonly filter?: Filter;
  /** Present while the form is evaluated: keys read are added to `used`. */
  readonly formEvaluation?: { readonly used: Set<string>; readonly changedField?: string };
}

interface RecordBatch {
  projection: Projection;
  readonly records: Promise<RecordData[]>;
}

/**
 * What an action handler (and its form handlers) receives: the form values, the selected records
 * and ways to read them, on top of the collection context (which talks to the action layer).
 *
 * @example
 * ```ts
 * collection.addAction('Mark as paid', {
 *   scope: 'Bulk',
 *   execute: async (context, resultBuilder) => {
 *     const ids = await context.getRecordIds();
 *     await context.collection.update(context.filter, { paid: true });
 *
 *     return resultBuilder.success(`${ids.length} invoices paid`);
 *   },
 * });
 * ```
 */
export class ActionContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  /** The values of the form, by field id (read-only while the form is evaluated). */
  readonly formValues: Record<string, unknown>;
  /** The selected records (ids, search, segment…) as a filter on this collection. */
  readonly filter: Filter;
  protected readonly actionName: string;
  protected readonly realCollection: Collection;
  private readonly formEvaluation: ActionContextOptions['formEvaluation'];
  private batch: RecordBatch | null = null;

  constructor(collection: Collection, caller: Caller, options: ActionContextOptions) {
    super(collection, caller);
    this.realCollection = collection;
    this.actionName = options.actionName;
    this.filter = options.filter ?? new Filter();
    this.formEvaluation = options.formEvaluation;
    this.formValues = this.formEvaluation
      ? readOnlyView(options.formValues, this.formEvaluation.used, this.describeAction())
      : options.formValues;
  }

  /**
   * While the form is evaluated after a change: tells whether the field `id` is the one that just
   * changed (and marks it as watched, so that its changes re-evaluate the form).
   */
  hasFieldChanged(id: string): boolean {
    if (!this.formEvaluation) {
      throw new ValidationError(
        `hasFieldChanged is only available while the form of ${this.describeAction()} is evaluated.`,
      );
    }
    this.formEvaluation.used.add(id);

    return this.formEvaluation.changedField === id;
  }

  /**
   * Reads the selected records with the given fields (`relation:field` paths too). Calls made in
   * the same tick share one `list` with the union of their fields.
   */
  async getRecords(fields: ReadonlyArray<TFieldName<S, N>>): Promise<Array<TPartialRow<S, N>>> {
    validateProjection(fields, this.realCollection);
    const projection = Projection.from(fields);
    const records = await this.loadRecords(projection);

    return projection.apply(records);
  }

  /** The primary-key values of the selected records (composite keys in schema order). */
  async getCompositeRecordIds(): Promise<CompositeId[]> {
    const primaryKeys = getPrimaryKeys(this.realCollection.schema) as Array<TFieldName<S, N>>;
    const records = await this.getRecords(primaryKeys);
    if (records.length === 0) throw this.noRecordError();

    return records.map(record => getPrimaryKey(this.realCollection.schema, record as RecordData));
  }

  /** The (first) primary key of each selected record. */
  async getRecordIds(): Promise<Array<CompositeId[number]>> {
    return (await this.getCompositeRecordIds()).map(id => id[0] as CompositeId[number]);
  }

  protected noRecordError(): NotFoundError {
    return new NotFoundError(
      `Query with filter did not match any records in collection '${this.realCollection.name}' (action '${this.actionName}').`,
    );
  }

  private describeAction(): string {
    return `action '${this.actionName}' of collection '${this.realCollection.name}'`;
  }

  private loadRecords(projection: Projection): Promise<RecordData[]> {
    if (this.batch) {
      this.batch.projection = this.batch.projection.union(projection);

      return this.batch.records;
    }

    const batch: RecordBatch = {
      projection,
      records: new Promise<void>(resolve => process.nextTick(resolve)).then(() => {
        // Later calls start a new batch: this one's projection is final from here on.
        this.batch = null;
        const filter = new PaginatedFilter(this.filter.components);

        return this.collection.list(filter, batch.projection);
      }),
    };
    this.batch = batch;

    return batch.records;
  }
}

/** A view of the form values that records every key read and refuses every write. */
function readOnlyView(values: RecordData, used: Set<string>, action: string): RecordData {
  const refuse = (): never => {
    throw new ValidationError(`formValues is readonly while the form of ${action} is evaluated.`);
  };

  return new Proxy(values, {
    get(target, key, receiver) {
      if (typeof key === 'string') used.add(key);

      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string') used.add(key);

      return Reflect.has(target, key);
    },
    set: refuse,
    deleteProperty: refuse,
    defineProperty: refuse,
  });
}
