import { randomUUID } from 'node:crypto';
import {
  BaseCollection,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  UnprocessableError,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type DataSource,
  type FieldSchema,
  type Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import type { SqlConnection } from '../connection/sql-connection';
import type { TableModel } from '../schema/table-model';
import { buildAggregate } from '../sql/build-aggregate';
import { buildSelect } from '../sql/build-select';
import { buildDelete, buildInsert, buildUpdate } from '../sql/build-writes';
import type { ModelRegistry } from '../sql/query-scope';
import type { SqlDialect } from '../sql/sql-dialect';
import { mapDriverError, type DriverOperation } from './map-driver-error';

/** What a collection shares with its data source. */
export interface SqlCollectionContext {
  readonly connection: SqlConnection;
  readonly dialect: SqlDialect;
  readonly registry: ModelRegistry;
}

/**
 * A table or view served with hand-built, parameterised SQL: one query per list (joins for
 * to-one relations), one per count or aggregate, one statement per update or delete. Views are
 * read-only.
 *
 * @example
 * ```ts
 * const books = dataSource.getCollection('books');
 * await books.list(caller, new PaginatedFilter({ page: new Page(0, 15) }), new Projection('id', 'author:name'));
 * ```
 */
export class SqlCollection extends BaseCollection {
  constructor(
    dataSource: DataSource,
    readonly model: TableModel,
    fields: Record<string, FieldSchema>,
    private readonly context: SqlCollectionContext,
  ) {
    super(model.name, dataSource);
    // The connection's Sequelize, created when first read (PostgreSQL and SQLite need none).
    Object.defineProperty(this, 'nativeDriver', {
      get: () => context.connection.nativeDriver,
      enumerable: true,
      configurable: true,
    });
    this.addFields(fields);
    this.enableCount();
  }

  async list(
    _caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    const query = buildSelect(
      this.context.registry,
      this.context.dialect,
      this.name,
      filter,
      projection,
    );

    return query.toRecords(await this.read(query.sql, query.bind, 'list'));
  }

  async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const { registry, dialect } = this.context;
    const query = buildAggregate(registry, dialect, this.name, {
      filter,
      aggregation,
      timezone: caller.timezone ?? 'UTC',
      limit,
    });

    return query.toResults(await this.read(query.sql, query.bind, 'aggregate'));
  }

  async create(_caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    this.assertWritable();
    const { connection, dialect } = this.context;
    const prepared = records.map(record => this.withGeneratedKeys(record));
    // Records with the same fields share one multi-row INSERT where keys come back with
    // RETURNING; MySQL has no RETURNING, so each row is inserted to read its insert id.
    const batches = dialect.insertReturning
      ? groupByFields(prepared)
      : prepared.map(record => [record]);
    // Where the dialect has RETURNING, the INSERT itself returns the created records (one
    // statement); MySQL reads them back by their keys.
    const insert = async (batch: RecordData[]): Promise<RecordData[]> => {
      const statement = buildInsert(dialect, this.model, batch);
      if (statement.toRecords)
        return statement.toRecords(await connection.runReturning(statement.sql, statement.bind));
      const metadata = await connection.run(statement.sql, statement.bind);

      return [this.keyOf(batch[0] ?? {}, insertId(metadata))];
    };
    try {
      // One statement needs no transaction (the usual create: one record).
      const created =
        batches.length === 1
          ? await insert(batches[0] ?? [])
          : await connection.transaction(async () => {
              const found: RecordData[] = [];
              for (const batch of batches) found.push(...(await insert(batch)));

              return found;
            });

      return dialect.insertReturning ? created : await this.fetchByKeys(created);
    } catch (error) {
      throw mapDriverError(error, this.model, 'create');
    }
  }

  async update(_caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    this.assertWritable();
    if (!Object.keys(patch).length) return;
    const statement = buildUpdate(
      this.context.registry,
      this.context.dialect,
      this.name,
      filter,
      patch,
    );
    await this.write(statement.sql, statement.bind, 'update');
  }

  async delete(_caller: Caller, filter: Filter): Promise<void> {
    this.assertWritable();
    const statement = buildDelete(this.context.registry, this.context.dialect, this.name, filter);
    await this.write(statement.sql, statement.bind, 'delete');
  }

  private async read(
    sql: string,
    bind: unknown[],
    operation: DriverOperation,
  ): Promise<Array<Record<string, unknown>>> {
    try {
      return await this.context.connection.select(sql, bind);
    } catch (error) {
      throw mapDriverError(error, this.model, operation);
    }
  }

  private async write(sql: string, bind: unknown[], operation: 'update' | 'delete'): Promise<void> {
    try {
      await this.context.connection.run(sql, bind);
    } catch (error) {
      throw mapDriverError(error, this.model, operation);
    }
  }

  private assertWritable(): void {
    if (this.model.isView) throw new UnprocessableError('View is read-only');
  }

  private withGeneratedKeys(record: RecordData): RecordData {
    const generated = [...this.model.columns.values()].filter(
      c => c.generateUuid && record[c.name] === undefined,
    );

    return generated.length
      ? { ...record, ...Object.fromEntries(generated.map(c => [c.name, randomUUID()])) }
      : record;
  }

  private keyOf(record: RecordData, id: unknown): RecordData {
    return Object.fromEntries(
      this.model.primaryKeys.map(pk => [
        pk,
        record[pk] ?? (this.model.columns.get(pk)?.autoIncrement ? id : null),
      ]),
    );
  }

  private async fetchByKeys(keys: readonly RecordData[]): Promise<RecordData[]> {
    const pks = this.model.primaryKeys;
    if (!pks.length || !keys.length) return keys.map(key => ({ ...key }));
    const tree = ConditionTreeFactory.union(
      ...keys.map(key =>
        ConditionTreeFactory.intersect(
          ...pks.map(pk => new ConditionTreeLeaf(pk, 'Equal', key[pk])),
        ),
      ),
    );
    const columns = [...this.model.columns.keys()];
    const rows = await this.list(
      {} as Caller,
      new PaginatedFilter({ conditionTree: tree }),
      new Projection(...columns),
    );
    const id = (record: RecordData) => pks.map(pk => String(record[pk]).toLowerCase()).join('|');
    const byId = new Map(rows.map(row => [id(row), row]));

    return keys.map(key => byId.get(id(key)) ?? { ...key });
  }
}

/** Consecutive records with the same fields, so that keys come back in input order. */
function groupByFields(records: readonly RecordData[]): RecordData[][] {
  const groups: Array<{ key: string; records: RecordData[] }> = [];
  for (const record of records) {
    const key = Object.keys(record).sort().join('\u0000');
    const last = groups[groups.length - 1];
    if (last?.key === key) last.records.push(record);
    else groups.push({ key, records: [record] });
  }

  return groups.map(group => group.records);
}

function insertId(metadata: unknown): unknown {
  const meta = metadata as { insertId?: unknown } | number | undefined;
  const id = typeof meta === 'object' && meta !== null ? meta.insertId : meta;

  return typeof id === 'bigint' ? Number(id) : id;
}
