import { ValidationError } from '../errors/errors';
import type { ActionFormElement, ActionFormMetas, ActionResult } from '../interfaces/action';
import type { Caller } from '../interfaces/caller';
import type { Chart } from '../interfaces/chart';
import type { Collection } from '../interfaces/collection';
import type { DataSource } from '../interfaces/data-source';
import type { CompositeId, RecordData } from '../interfaces/record';
import type {
  ActionSchema,
  AggregationCapabilities,
  CollectionSchema,
  FieldSchema,
} from '../interfaces/schema';
import type { AggregateResult, Aggregation } from '../query/aggregation';
import type { Filter } from '../query/filter';
import type { PaginatedFilter } from '../query/paginated-filter';
import type { Projection } from '../query/projection';

/**
 * The base every collection of a data source extends. Subclasses describe their schema with the
 * protected builders (`addField`, `enableCount`…) and implement the five data methods. A base
 * collection has no action and no chart (asking for one is a ValidationError naming it) and
 * answers `getForm` with an empty form.
 *
 * @example
 * ```ts
 * class UsersCollection extends BaseCollection {
 *   constructor(dataSource: DataSource) {
 *     super('users', dataSource);
 *     this.addField('id', { type: 'Column', columnType: 'Number', isPrimaryKey: true });
 *     this.enableCount();
 *   }
 *   async list() { return []; }
 *   // create, update, delete, aggregate…
 * }
 * ```
 */
export abstract class BaseCollection implements Collection {
  readonly name: string;
  readonly dataSource: DataSource;
  readonly nativeDriver: unknown;
  readonly schema: CollectionSchema = {
    fields: {},
    actions: {},
    segments: [],
    charts: [],
    countable: false,
    searchable: false,
    aggregationCapabilities: {
      supportGroups: true,
      supportedDateOperations: new Set(['Year', 'Quarter', 'Month', 'Week', 'Day']),
    },
  };

  constructor(name: string, dataSource: DataSource, nativeDriver?: unknown) {
    this.name = name;
    this.dataSource = dataSource;
    this.nativeDriver = nativeDriver ?? null;
  }

  /** Adds a field. `:` is reserved for paths; a name is defined once; columns are groupable. */
  protected addField(name: string, schema: FieldSchema): void {
    if (name.includes(':')) {
      throw new ValidationError(
        `Cannot add field '${name}' to '${this.name}': ':' is reserved for relation paths`,
        { name: 'RelationFieldAccessDeniedError' },
      );
    }
    if (this.schema.fields[name]) {
      throw new ValidationError(`Field '${name}' is already defined in collection '${this.name}'`, {
        name: 'AlreadyDefinedFieldError',
      });
    }
    this.schema.fields[name] =
      schema.type === 'Column' && schema.isGroupable === undefined
        ? { ...schema, isGroupable: true }
        : schema;
  }

  /** Adds several fields, in the order of the object's keys. */
  protected addFields(fields: Record<string, FieldSchema>): void {
    for (const [name, schema] of Object.entries(fields)) this.addField(name, schema);
  }

  /** Declares an action; `execute` and `getForm` must then handle it. */
  protected addAction(name: string, schema: ActionSchema): void {
    if (this.schema.actions[name]) {
      throw new ValidationError(`Action '${name}' is already defined in collection '${this.name}'`);
    }
    this.schema.actions[name] = schema;
  }

  /** Declares a record chart; `renderChart` must then handle it. */
  protected addChart(name: string): void {
    if (this.schema.charts.includes(name)) {
      throw new ValidationError(`Chart '${name}' is already defined in collection '${this.name}'`);
    }
    this.schema.charts.push(name);
  }

  /** Declares segments that `list` and `aggregate` understand in `filter.segment`. */
  protected addSegments(segments: readonly string[]): void {
    this.schema.segments = [...new Set([...this.schema.segments, ...segments])];
  }

  /** Says that the collection can count its records. */
  protected enableCount(): void {
    this.schema.countable = true;
  }

  /** Says that the collection handles `filter.search` natively. */
  protected enableSearch(): void {
    this.schema.searchable = true;
  }

  /** Says which groupings `aggregate` supports. */
  protected setAggregationCapabilities(capabilities: AggregationCapabilities): void {
    this.schema.aggregationCapabilities = capabilities;
  }

  abstract list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]>;
  abstract create(caller: Caller, records: RecordData[]): Promise<RecordData[]>;
  abstract update(caller: Caller, filter: Filter, patch: RecordData): Promise<void>;
  abstract delete(caller: Caller, filter: Filter): Promise<void>;
  abstract aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]>;

  async execute(
    _caller: Caller,
    name: string,
    _formValues: RecordData,
    _filter?: Filter,
  ): Promise<ActionResult> {
    throw new ValidationError(`Action '${name}' does not exist on collection '${this.name}'.`);
  }

  async getForm(
    _caller: Caller,
    _name: string,
    _formValues?: RecordData,
    _filter?: Filter,
    _metas?: ActionFormMetas,
  ): Promise<ActionFormElement[]> {
    return [];
  }

  async renderChart(
    _caller: Caller,
    name: string,
    _recordId: CompositeId,
    _parameters?: Record<string, unknown>,
  ): Promise<Chart> {
    throw new ValidationError(`Chart '${name}' does not exist on collection '${this.name}'.`);
  }
}
