import type { RelationSchema } from '@grove/datasource-toolkit';
import type { IntrospectedColumn, IntrospectedTable, SqlDialectName } from '../../src';
import type { ScalarSubType } from '../../src/introspection/introspection';
import { buildTableModel, type TableModel } from '../../src/schema/table-model';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import type { ModelRegistry } from '../../src/sql/query-scope';
import type { SqlDialect } from '../../src/sql/sql-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';

/** An introspected column: a nullable STRING unless `options` says otherwise. */
export function column(
  name: string,
  options: Partial<IntrospectedColumn> = {},
): IntrospectedColumn {
  return {
    name,
    type: { type: 'scalar', subType: 'STRING' },
    defaultValue: null,
    isLiteralDefaultValue: false,
    allowNull: true,
    autoIncrement: false,
    generated: false,
    primaryKey: false,
    constraints: [],
    ...options,
  };
}

const scalar = (subType: ScalarSubType) => ({ type: 'scalar', subType }) as const;
const serial = { type: scalar('INTEGER'), allowNull: false, primaryKey: true, autoIncrement: true };

/** An odd identifier: a double quote, a backquote and a space, for the quoting tests. */
export const oddName = 'we"ird `col';

/**
 * The tables of the SQL builder unit tests, one column per type the builders treat apart:
 * `books` (every type, an enum named for PostgreSQL's cast, JSON and JSONB, a text array, a
 * point, a read-only generated column and an oddly named column), `authors` and `profiles`
 * (ManyToOne then OneToOne joins), `book_tags` (a composite primary key), `order lines` in the
 * `sales` schema (a name that needs quoting), `logs` (no primary key at all) and `$ledger` (names
 * Sequelize's bind syntax could take for a parameter or an escape).
 */
export const sqlUnitTables: readonly IntrospectedTable[] = [
  {
    name: 'books',
    unique: [['id']],
    columns: [
      column('id', serial),
      column('title', { allowNull: false }),
      column('summary', { type: scalar('TEXT') }),
      column('price', { type: scalar('DECIMAL') }),
      column('in_stock', { type: scalar('BOOLEAN') }),
      column('published_at', { type: scalar('DATE') }),
      column('released_on', { type: scalar('DATEONLY') }),
      column('genre', { type: { type: 'enum', values: ['novel', 'essay'], name: 'genre' } }),
      column('data', { type: scalar('JSON') }),
      column('meta', { type: scalar('JSONB') }),
      column('tags', { type: { type: 'array', subType: scalar('TEXT') } }),
      column('location', { type: scalar('POINT') }),
      column('author_id', { type: scalar('INTEGER') }),
      column('slug', { generated: true }),
      column(oddName),
    ],
  },
  {
    name: 'authors',
    unique: [['id']],
    columns: [column('id', serial), column('name', { allowNull: false })],
  },
  {
    name: 'profiles',
    unique: [['id']],
    columns: [
      column('id', serial),
      column('author_id', { type: scalar('INTEGER') }),
      column('bio'),
    ],
  },
  {
    name: 'book_tags',
    unique: [['book_id', 'tag_id']],
    columns: [
      column('book_id', { type: scalar('INTEGER'), allowNull: false, primaryKey: true }),
      column('tag_id', { type: scalar('INTEGER'), allowNull: false, primaryKey: true }),
      column('weight', { type: scalar('INTEGER') }),
    ],
  },
  {
    name: 'order "lines`',
    schema: 'sales',
    unique: [['id']],
    columns: [column('id', serial), column('label')],
  },
  { name: 'logs', unique: [], columns: [column('message'), column('level')] },
  {
    name: '$ledger',
    unique: [['id']],
    columns: [column('id', serial), column('$type'), column('a $$b')],
  },
];

const models = new Map<string, TableModel>(
  sqlUnitTables.map(t => [t.name, buildTableModel(t, false, () => undefined).model] as const),
);

const relations: Record<string, Record<string, RelationSchema>> = {
  books: {
    author: {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'author_id',
      foreignKeyTarget: 'id',
    },
  },
  authors: {
    profile: {
      type: 'OneToOne',
      foreignCollection: 'profiles',
      originKey: 'author_id',
      originKeyTarget: 'id',
    },
    books: {
      type: 'OneToMany',
      foreignCollection: 'books',
      originKey: 'author_id',
      originKeyTarget: 'id',
    },
  },
  // No primary key: a write filtered through this relation cannot target its rows.
  logs: {
    author: {
      type: 'ManyToOne',
      foreignCollection: 'authors',
      foreignKey: 'message',
      foreignKeyTarget: 'name',
    },
  },
  book_tags: {
    book: {
      type: 'ManyToOne',
      foreignCollection: 'books',
      foreignKey: 'book_id',
      foreignKeyTarget: 'id',
    },
  },
};

/** The registry of {@link sqlUnitTables} and their relations. */
export const sqlUnitRegistry: ModelRegistry = {
  model: name => {
    const model = models.get(name);
    if (!model) throw new Error(`No test model "${name}"`);

    return model;
  },
  relation: (collection, name) => relations[collection]?.[name],
};

/** The model of one of {@link sqlUnitTables}. */
export function sqlUnitModel(name: string): TableModel {
  return sqlUnitRegistry.model(name);
}

/** Every dialect the builders know, with the name tests show. */
export const sqlDialects: ReadonlyArray<readonly [SqlDialectName, SqlDialect]> = [
  ['sqlite', new SqliteDialect()],
  ['postgres', new PostgresDialect()],
  ['mysql', new MysqlDialect('mysql', false)],
  ['mariadb', new MysqlDialect('mariadb', true)],
];

/** The dialect of a name of {@link sqlDialects}. */
export function sqlDialect(name: SqlDialectName): SqlDialect {
  const found = sqlDialects.find(([n]) => n === name);
  if (!found) throw new Error(`No dialect "${name}"`);

  return found[1];
}
