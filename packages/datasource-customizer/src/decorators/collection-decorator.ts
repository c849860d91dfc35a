import type {
  ActionFormElement,
  ActionFormMetas,
  ActionResult,
  AggregateResult,
  Aggregation,
  Caller,
  Chart,
  Collection,
  CollectionSchema,
  CompositeId,
  Filter,
  PaginatedFilter,
  Projection,
  RecordData,
} from '@grove/datasource-toolkit';
import type { DataSourceDecorator } from './data-source-decorator';

/**
 * Bumped by every `markSchemaAsDirty`, in any layer of any stack. While it has not moved and the
 * schema object at the bottom of a layer's chain is the same, nothing below the layer changed, so
 * its cached schema is returned without asking its child: reading a schema is then O(1) instead
 * of a walk down the ~20 layers of the stack (the agent reads schemas many times per request).
 */
let schemaEpoch = 0;

/**
 * Invalidates what every layer caches against the epoch (schemas, names): called by
 * `markSchemaAsDirty` and by the data-source layers when collections are renamed or hidden.
 *
 * @example
 * ```ts
 * invalidateStackCaches();
 * ```
 */
export function invalidateStackCaches(): void {
  schemaEpoch += 1;
}

/**
 * The base of every layer of the stack: forwards each operation to the child collection.
 * A layer overrides only what it changes, and two protected hooks: `refineSchema` (its view of
 * the child's schema, cached until `markSchemaAsDirty`) and `refineFilter` (applied to the filter
 * of list, update, delete, aggregate, execute and getForm).
 */
export class CollectionDecorator implements Collection {
  readonly dataSource: DataSourceDecorator;
  protected readonly child: Collection;
  private cachedSchema: CollectionSchema | null = null;
  private lastChildSchema: CollectionSchema | null = null;
  /** The first collection below this layer that is not a decorator (the source's own). */
  private readonly bottom: Collection;
  /** The epoch and the bottom's schema object when `cachedSchema` was last validated. */
  private checkedEpoch = -1;
  private checkedBottomSchema: CollectionSchema | null = null;
  /** The child's name at `nameEpoch` (only a collection renaming changes it, and it bumps). */
  private cachedName = '';
  private nameEpoch = -1;

  constructor(child: Collection, dataSource: DataSourceDecorator) {
    this.child = child;
    this.dataSource = dataSource;
    this.bottom = child instanceof CollectionDecorator ? child.bottom : child;
  }

  get name(): string {
    if (this.nameEpoch !== schemaEpoch) {
      this.cachedName = this.child.name;
      this.nameEpoch = schemaEpoch;
    }

    return this.cachedName;
  }

  get nativeDriver(): unknown {
    return this.child.nativeDriver;
  }

  /**
   * The refined schema. Recomputed when this layer was marked dirty or when the child's schema
   * object changed (which is how dirtiness propagates upwards through the stack).
   */
  get schema(): CollectionSchema {
    const bottomSchema = this.bottom.schema;
    if (
      this.cachedSchema &&
      this.checkedEpoch === schemaEpoch &&
      this.checkedBottomSchema === bottomSchema
    ) {
      return this.cachedSchema;
    }

    const childSchema = this.child.schema;
    if (!this.cachedSchema || this.lastChildSchema !== childSchema) {
      this.cachedSchema = this.refineSchema(cloneSchema(childSchema));
      this.lastChildSchema = childSchema;
    }
    this.checkedEpoch = schemaEpoch;
    this.checkedBottomSchema = bottomSchema;

    return this.cachedSchema;
  }

  /** Forgets the cached schema of this layer (and so of every layer above it). */
  markSchemaAsDirty(): void {
    this.cachedSchema = null;
    invalidateStackCaches();
  }

  async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    return this.child.list(caller, await this.refineFilter(caller, filter), projection);
  }

  async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    return this.child.create(caller, records);
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return this.child.update(caller, await this.refineFilter(caller, filter), patch);
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    return this.child.delete(caller, await this.refineFilter(caller, filter));
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    return this.child.aggregate(
      caller,
      await this.refineFilter(caller, filter),
      aggregation,
      limit,
    );
  }

  async execute(
    caller: Caller,
    name: string,
    formValues: RecordData,
    filter?: Filter,
  ): Promise<ActionResult> {
    const refined = filter ? await this.refineFilter(caller, filter) : filter;

    return this.child.execute(caller, name, formValues, refined);
  }

  async getForm(
    caller: Caller,
    name: string,
    formValues?: RecordData,
    filter?: Filter,
    metas?: ActionFormMetas,
  ): Promise<ActionFormElement[]> {
    const refined = filter ? await this.refineFilter(caller, filter) : filter;

    return this.child.getForm(caller, name, formValues, refined, metas);
  }

  async renderChart(
    caller: Caller,
    name: string,
    recordId: CompositeId,
    parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    return this.child.renderChart(caller, name, recordId, parameters);
  }

  /**
   * The same layer of the collection a relation leads to: the data source's collection of that
   * name when it is a decorator of this layer's class, else null (a layer reaches related
   * records through its own kind, so that what it does applies to them too).
   */
  protected sameLayerOf<T extends CollectionDecorator>(
    this: T,
    foreignCollection: string,
  ): T | null {
    const related = this.dataSource.getCollection(foreignCollection);

    return related instanceof this.constructor ? (related as T) : null;
  }

  /** This layer's view of the child's schema (a fresh copy it may mutate). */
  protected refineSchema(childSchema: CollectionSchema): CollectionSchema {
    return childSchema;
  }

  /** This layer's rewrite of incoming filters. */
  protected async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    return filter;
  }
}

function cloneSchema(schema: CollectionSchema): CollectionSchema {
  return {
    ...schema,
    fields: Object.fromEntries(
      Object.entries(schema.fields).map(([name, field]) => [
        name,
        field.type === 'Column'
          ? {
              ...field,
              ...(field.filterOperators ? { filterOperators: new Set(field.filterOperators) } : {}),
              ...(field.validation ? { validation: [...field.validation] } : {}),
              ...(field.enumValues ? { enumValues: [...field.enumValues] } : {}),
            }
          : { ...field },
      ]),
    ),
    actions: { ...schema.actions },
    segments: [...schema.segments],
    charts: [...schema.charts],
  };
}
