import type { IntrospectedColumn, IntrospectedTable } from '../../src';
import { buildTableModel } from '../../src/schema/table-model';
import { buildInsert } from '../../src/sql/build-writes';
import { MysqlDialect } from '../../src/sql/mysql-dialect';
import { PostgresDialect } from '../../src/sql/postgres-dialect';
import { SqliteDialect } from '../../src/sql/sqlite-dialect';

function column(name: string, options: Partial<IntrospectedColumn> = {}): IntrospectedColumn {
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

const table: IntrospectedTable = {
  name: 'customers',
  unique: [['id']],
  columns: [
    column('id', {
      type: { type: 'scalar', subType: 'INTEGER' },
      allowNull: false,
      primaryKey: true,
      autoIncrement: true,
    }),
    column('name', { allowNull: false }),
    column('created_at', { type: { type: 'scalar', subType: 'DATE' } }),
  ],
};
const model = buildTableModel(table, false, () => undefined).model;

describe('buildInsert', () => {
  it('returns every column with RETURNING on PostgreSQL, read as a list reads them', () => {
    const statement = buildInsert(new PostgresDialect(), model, [{ name: 'Ada' }]);

    expect(statement.sql).toBe(
      '/* returning */ INSERT INTO "customers" ("name") VALUES ($1) ' +
        'RETURNING "id" AS "c0", "name" AS "c1", "created_at" AS "c2"',
    );
    expect(statement.bind).toEqual(['Ada']);
    expect(
      statement.toRecords?.([{ c0: 7, c1: 'Ada', c2: new Date('2024-05-01T10:00:00.000Z') }]),
    ).toEqual([{ id: 7, name: 'Ada', created_at: '2024-05-01T10:00:00.000Z' }]);
  });

  it('returns the dates of SQLite in ISO format, like its SELECT', () => {
    const statement = buildInsert(new SqliteDialect(), model, [{ name: 'Ada' }, { name: 'Bo' }]);

    expect(statement.sql).toMatch(
      /^\/\* returning \*\/ INSERT INTO "customers" \("name"\) VALUES \(\$1\), \(\$2\) RETURNING "id" AS "c0", "name" AS "c1", strftime\(.*, "created_at"\) AS "c2"$/,
    );
    expect(statement.toRecords?.([{ c0: 1, c1: 'Ada', c2: null }])).toEqual([
      { id: 1, name: 'Ada', created_at: null },
    ]);
  });

  it('has no RETURNING on MySQL (the created record is read back by key)', () => {
    const statement = buildInsert(new MysqlDialect('mysql', false), model, [{ name: 'Ada' }]);

    expect(statement.sql).toBe('INSERT INTO `customers` (`name`) VALUES ($1)');
    expect(statement.toRecords).toBeUndefined();
  });
});
