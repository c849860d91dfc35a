import { BaseCollection } from '../base/base-collection';
import { ValidationError } from '../errors/errors';
import type { Caller } from '../interfaces/caller';
import type { DataSource } from '../interfaces/data-source';
import type { RecordData } from '../interfaces/record';
import type { ColumnType, FieldSchema } from '../interfaces/schema';
import type { AggregateResult, Aggregation } from '../query/aggregation';
import { ConditionTreeFactory } from '../query/condition-tree/condition-tree-factory';
import type { ConditionTree } from '../query/condition-tree/nodes/condition-tree';
import type { Operator } from '../query/condition-tree/operators';
import type { Filter } from '../query/filter';
import type { PaginatedFilter } from '../query/paginated-filter';
import { Projection } from '../query/projection';
import { getPrimaryKeys } from '../utils/schema-utils';
import { allowedOperatorsFor } from '../validation/allowed-operators';
import { validateField } from '../validation/field-validator';
import { deepCopy } from './deep-copy';
import type { InMemoryCollectionDefinition } from './in-memory-definition';
import type { InMemoryStore } from './in-memory-store';
import { assertUniqueKeys, buildRow, checkValues } from './record-writer';
import { RelationJoiner } from './relation-joiner';
import { searchPredicate, searchedColumns } from './search-predicate';

/** Operators the in-memory matcher supports beyond a type's list: rewrites of dates need them. */
const dateComparisons: readonly Operator[] = [
  'LessThan',
  'GreaterThan',
  'LessThanOrEqual',
  'GreaterThanOrEqual',
];

/**
 * A collection whose rows live in memory: the reference semantics of every query feature
 * (filters with relation paths, search, segments, sort, page, projection, aggregation, writes).
 * Rows are copied on the way in and out, and a failing write changes nothing.
 *
 * @example
 * ```ts
 * const books = dataSource.getCollection('books');
 * await books.list(caller, new PaginatedFilter({ search: 'dune' }), new Projection('id', 'title'));
 * ```
 */
export class InMemoryCollection extends BaseCollection {
  private readonly segmentTrees: ReadonlyMap<string, ConditionTree | null>;
  private lastId = 0;

  constructor(
    name: string,
    dataSource: DataSource,
    private readonly store: InMemoryStore,
    definition: InMemoryCollectionDefinition,
  ) {
    super(name, dataSource);
    for (const [fieldName, field] of Object.entries(definition.fields)) {
      this.addField(fieldName, withOperators(field));
    }
    const segments = Object.entries(definition.segments ?? {});
    this.segmentTrees = new Map(
      segments.map(([segment, tree]) => [segment, ConditionTreeFactory.fromPlainObject(tree)]),
    );
    this.addSegments(segments.map(([segment]) => segment));
    this.enableCount();
    this.enableSearch();
  }

  /** Writes the initial rows (called once every collection of the data source exists). */
  load(records: readonly RecordData[]): void {
    this.insert(records);
  }

  async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    projection.paths.forEach(path => validateField(this, path));
    filter.sort?.clauses.forEach(({ field }) => validateField(this, field));
    const paths = projection.union(filter.sort?.projection);
    let views = this.select(caller, filter, paths).map(({ view }) => view);
    if (filter.sort) views = filter.sort.apply(views);
    if (filter.page) views = filter.page.apply(views);

    return deepCopy(projection.apply(views));
  }

  async create(_caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    return this.store.write(() => deepCopy(this.insert(records)));
  }

  async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return this.store.write(() => this.updateNow(caller, filter, patch));
  }

  async delete(caller: Caller, filter: Filter): Promise<void> {
    return this.store.write(() => this.deleteNow(caller, filter));
  }

  private updateNow(caller: Caller, filter: Filter, patch: RecordData): void {
    const values = checkValues(this, patch);
    const targets = new Set(this.select(caller, filter, new Projection()).map(({ row }) => row));
    const rows = this.store
      .rows(this.name)
      .map(row => (targets.has(row) ? { ...row, ...values } : row));
    assertUniqueKeys(this, rows);
    this.store.replace(this.name, rows);
  }

  private deleteNow(caller: Caller, filter: Filter): void {
    const targets = new Set(this.select(caller, filter, new Projection()).map(({ row }) => row));
    this.store.replace(
      this.name,
      this.store.rows(this.name).filter(row => !targets.has(row)),
    );
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    aggregation.projection.paths.forEach(path => validateField(this, path));
    const views = this.select(caller, filter, aggregation.projection).map(({ view }) => view);

    return deepCopy(aggregation.apply(views, caller.timezone, limit));
  }

  private insert(records: readonly RecordData[]): RecordData[] {
    // Like an auto-increment: never reuse a key, even one given explicitly in this batch.
    let nextId = Math.max(
      this.lastId,
      ...this.numericKeys(this.store.rows(this.name)),
      ...this.numericKeys(records),
    );
    const created = records.map(record => buildRow(this, record, () => (nextId += 1)));
    const rows = [...this.store.rows(this.name), ...created];
    assertUniqueKeys(this, rows);
    this.store.replace(this.name, rows);
    this.lastId = Math.max(nextId, ...this.numericKeys(created));

    return created;
  }

  private numericKeys(rows: readonly RecordData[]): number[] {
    const [pk, ...others] = getPrimaryKeys(this.schema);

    return pk && others.length === 0
      ? rows.map(row => row[pk]).filter((id): id is number => typeof id === 'number')
      : [];
  }

  /** The rows matching a filter, each with a view where the relations `paths` reads are joined. */
  private select(
    caller: Caller,
    filter: Filter,
    paths: Projection,
  ): Array<{ row: RecordData; view: RecordData }> {
    if (filter.liveQuerySegment) {
      throw new ValidationError('Live query segments are not supported by in-memory collections');
    }
    const tree = ConditionTreeFactory.intersect(
      filter.conditionTree,
      this.segmentTree(filter.segment),
    );
    const searched = filter.search ? searchedColumns(this, filter.searchExtended) : [];
    const joined = paths.union(
      tree?.projection,
      searched.map(({ path }) => path),
    );
    const matchesSearch = searchPredicate(searched, filter.search ?? '');
    const joiner = new RelationJoiner(this.store);

    return this.store
      .rows(this.name)
      .map(row => ({ row, view: joiner.join(this, row, joined) }))
      .filter(
        ({ view }) => matchesSearch(view) && (!tree || tree.match(view, this, caller.timezone)),
      );
  }

  private segmentTree(segment: string | null): ConditionTree | null {
    if (segment === null) return null;
    if (!this.segmentTrees.has(segment)) throw new ValidationError(`Invalid segment: "${segment}"`);

    return this.segmentTrees.get(segment) ?? null;
  }
}

function withOperators(field: FieldSchema): FieldSchema {
  if (field.type !== 'Column') return { ...field };
  const operators = new Set<Operator>(allowedOperatorsFor(field.columnType));
  if (isDateType(field.columnType)) dateComparisons.forEach(operator => operators.add(operator));

  return { isSortable: true, ...field, filterOperators: operators };
}

function isDateType(columnType: ColumnType): boolean {
  return columnType === 'Date' || columnType === 'Dateonly';
}
