import { checkSqliteStatement } from '../../src/native/check-sqlite-statement';

const refusal = (sql: string) => {
  try {
    checkSqliteStatement(sql);
  } catch (error) {
    return (error as Error).message;
  }

  return undefined;
};

describe('checkSqliteStatement (SQLite tokenizing rules)', () => {
  it.each([
    'SELECT 1',
    'select 1;',
    'SELECT 1 ;; -- done\n  /* really */ ',
    '((SELECT 1))',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'VALUES (1), (2)',
    'SELECT \'a;b\', "c;d", `e;f`, [g;h] FROM t',
    "SELECT 'it''s; fine'",
    "SELECT '\\'; -- a backslash ends nothing in SQLite: this is one string'",
    'SELECT $t$ FROM t',
    '-- lead\n/* lead */ SELECT 1',
  ])('accepts %j', sql => {
    expect(refusal(sql)).toBeUndefined();
  });

  it.each([
    ['SELECT 1; SELECT 2', 'A native query must be a single statement'],
    // SQLite has no backslash escape: `'\'` is a whole string, and the DELETE is a statement.
    ["SELECT '\\'; DELETE FROM t; --'", 'A native query must be a single statement'],
    // …and `'\''; DELETE` is one unterminated string (SQLite then refuses it as a syntax error).
    ["SELECT '\\''; DELETE FROM t", undefined],
    ['SELECT 1; /* c */ DELETE FROM t', 'A native query must be a single statement'],
    [';SELECT 1', 'A native query must be a single statement'],
    ['DELETE FROM t', 'A native query must start with SELECT, WITH or VALUES'],
    ['PRAGMA query_only = OFF', 'A native query must start with SELECT, WITH or VALUES'],
    ['selected', 'A native query must start with SELECT, WITH or VALUES'],
    ["'SELECT'", 'A native query must start with SELECT, WITH or VALUES'],
    ['  -- nothing', 'A native query cannot be empty'],
  ])('judges %j', (sql, message) => {
    expect(refusal(sql)).toBe(message);
  });

  it('reads a huge unterminated literal or comment in one pass', () => {
    expect(refusal(`SELECT '${"''".repeat(100_000)}`)).toBeUndefined();
    expect(refusal(`SELECT 1 /*${' '.repeat(200_000)}`)).toBeUndefined();
  });
});
