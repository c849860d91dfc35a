import { ValidationError, type RelationSchema } from '@grove/datasource-toolkit';
import type { ColumnModel, TableModel } from '../schema/table-model';
import type { SqlDialect } from './sql-dialect';

/** What a query needs to know about the collections it may join. */
export interface ModelRegistry {
  model(collection: string): TableModel;
  relation(collection: string, name: string): RelationSchema | undefined;
}

/** A column reached by a path, with the SQL that reads it. */
export interface ResolvedColumn {
  readonly sql: string;
  readonly column: ColumnModel;
  /**
   * Whether the expression may be NULL: a nullable column, or any column read through a
   * LEFT JOIN (a missing related record reads as NULL even where its table forbids it).
   */
  readonly nullable: boolean;
}

interface JoinedRelation {
  readonly alias: string;
  readonly collection: string;
  /** A column of the joined table that is null exactly when no record is joined. */
  readonly marker: string;
}

/**
 * The FROM clause of one query: the root table (alias `t0`) and one LEFT JOIN per to-one
 * relation path used by the projection, filter, sort or groups, each joined once.
 *
 * @example
 * ```ts
 * const scope = new QueryScope(registry, dialect, 'books');
 * scope.column('author:name').sql; // "j1"."name", with books LEFT JOIN authors AS j1
 * scope.from(); // "books" AS "t0" LEFT JOIN "authors" AS "j1" ON "j1"."id" = "t0"."authorId"
 * ```
 */
export class QueryScope {
  private readonly joins: string[] = [];
  private readonly joined = new Map<string, JoinedRelation>();

  constructor(
    private readonly registry: ModelRegistry,
    private readonly dialect: SqlDialect,
    readonly collection: string,
    readonly rootAlias = 't0',
  ) {}

  /** Resolves `field` or `relation:…:field` to a column, joining relations as needed. */
  column(path: string): ResolvedColumn {
    const parts = path.split(':');
    const field = parts.pop() as string;
    const { alias, collection } = parts.length
      ? this.relation(parts.join(':'))
      : { alias: this.rootAlias, collection: this.collection };
    const column = this.registry.model(collection).columns.get(field);
    if (!column)
      throw new ValidationError(
        `Invalid access: "${path}" on "${this.collection}" does not exist.`,
      );

    return {
      sql: `${this.dialect.quote(alias)}.${this.dialect.quote(field)}`,
      column,
      nullable: column.nullable || parts.length > 0,
    };
  }

  /** Joins a to-one relation path (`author:profile`) and returns its alias. */
  relation(path: string): JoinedRelation {
    const existing = this.joined.get(path);
    if (existing) return existing;
    const parts = path.split(':');
    const name = parts.pop() as string;
    const parent = parts.length
      ? this.relation(parts.join(':'))
      : { alias: this.rootAlias, collection: this.collection };
    const schema = this.registry.relation(parent.collection, name);
    if (!schema || (schema.type !== 'ManyToOne' && schema.type !== 'OneToOne')) {
      throw new ValidationError(
        `Invalid access: "${path}" on "${this.collection}" is not a to-one relation.`,
      );
    }
    const alias = `j${this.joined.size + 1}`;
    const q = (a: string, c: string) => `${this.dialect.quote(a)}.${this.dialect.quote(c)}`;
    const [own, parentKey] =
      schema.type === 'ManyToOne'
        ? [schema.foreignKeyTarget, schema.foreignKey]
        : [schema.originKey, schema.originKeyTarget];
    const table = this.dialect.table(this.registry.model(schema.foreignCollection));
    this.joins.push(
      `LEFT JOIN ${table} AS ${this.dialect.quote(alias)} ON ${q(alias, own)} = ${q(parent.alias, parentKey)}`,
    );
    const joined = { alias, collection: schema.foreignCollection, marker: q(alias, own) };
    this.joined.set(path, joined);

    return joined;
  }

  /** The FROM clause with its joins. */
  from(): string {
    const root = this.dialect.table(this.registry.model(this.collection));

    return [`${root} AS ${this.dialect.quote(this.rootAlias)}`, ...this.joins].join(' ');
  }

  /** True when the query needs no join (writes can then address the table directly). */
  get hasJoins(): boolean {
    return this.joins.length > 0;
  }
}
