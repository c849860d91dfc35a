import { verifySelectQuery } from '../../../src/routes/charts/verify-select-query';

const refusal = (query: string) => {
  try {
    verifySelectQuery(query);
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message };
  }

  return undefined;
};

describe('verifySelectQuery', () => {
  it.each([
    'SELECT count(*) AS value FROM orders',
    'select count(*) as value from orders;  ',
    '(SELECT 1 AS value) UNION (SELECT 2)',
    'WITH paid AS (SELECT * FROM orders) SELECT COUNT(*) AS value FROM paid',
    "SELECT COUNT(*) AS value FROM orders WHERE status = 'deleted; drop table x'",
    'SELECT "update" AS key, `delete` AS value FROM t -- insert; into',
    'SELECT /* ; DELETE */ 1 AS value',
    "SELECT $tag$ x $tag$ AS key, 'it''s' AS value, 'a\\'b' AS other",
    "SELECT updated_at AS key, replace(name, 'a', 'b') AS value FROM customers",
  ])('accepts %j', query => {
    expect(refusal(query)).toBeUndefined();
  });

  it.each([
    ['', 'You cannot execute an empty SQL query.'],
    ['   ', 'You cannot execute an empty SQL query.'],
    ['/* only a comment */', 'You cannot execute an empty SQL query.'],
    ['SELECT 1;;', 'You cannot chain SQL queries.'],
    ["SELECT 1; SELECT ';'", 'You cannot chain SQL queries.'],
    ['UPDATE orders SET amount = 0', 'Only SELECT queries are allowed.'],
    ['SELECT * INTO copy FROM orders', 'Only SELECT queries are allowed.'],
    ['SELECT * FROM orders FOR UPDATE', 'Only SELECT queries are allowed.'],
    ['PRAGMA table_info(orders)', 'Only SELECT queries are allowed.'],
    ['EXPLAIN SELECT 1', 'Only SELECT queries are allowed.'],
  ])('refuses %j', (query, message) => {
    expect(refusal(query)).toEqual({ name: 'UnprocessableError', message });
  });

  // Text that one database reads as a single SELECT and another as a write or a chain.
  it.each([
    [
      "WITH x AS (SELECT '\\') DELETE FROM orders RETURNING 1 AS value",
      'Only SELECT queries are allowed.',
    ],
    ["SELECT '\\' AS value; DELETE FROM orders; -- '", 'You cannot chain SQL queries.'],
    ["SELECT '\\'' AS value; DELETE FROM orders; -- '", 'You cannot chain SQL queries.'],
    ['SELECT $t$ ; DELETE FROM orders; $t$ AS value', 'You cannot chain SQL queries.'],
    ["SELECT E'\\' ; DELETE FROM orders; --' AS value", 'You cannot chain SQL queries.'],
    ['SELECT 1 /* /* */ ; DELETE FROM orders */ AS value', 'You cannot chain SQL queries.'],
    ['SELECT 1 AS value --x\n; DELETE FROM orders', 'You cannot chain SQL queries.'],
    ['SELECT [a;] AS value; DELETE FROM orders', 'You cannot chain SQL queries.'],
    ['SELECT 1 AS value /*!50000 INTO OUTFILE "/tmp/x" */', 'Only SELECT queries are allowed.'],
    ['SELECT "\\" ; DELETE FROM orders; --" AS value', 'You cannot chain SQL queries.'],
  ])('refuses %j, read as one database reads it', (query, message) => {
    expect(refusal(query)).toEqual({ name: 'UnprocessableError', message });
  });

  it('refuses a query longer than the limit before reading it', () => {
    expect(() => verifySelectQuery('SELECT 1', 8)).not.toThrow();
    expect(() => verifySelectQuery(`SELECT '${'x'.repeat(100)}'`, 50)).toThrow(
      'The native query is too long (109 characters, at most 50).',
    );
  });

  it('reads 130 KB of unterminated dollar tags, quotes and comments to the end', () => {
    const tags = Array.from({ length: 20_000 }, (_, i) => `$t${i}$`).join(' ');
    expect(refusal(`SELECT 1 AS value, ${tags}`)).toBeUndefined();
    expect(refusal(`SELECT 1 AS value, ${"'".repeat(130_000)}`)).toBeUndefined();
    expect(refusal(`SELECT 1 AS value ${'/*'.repeat(65_000)}`)).toBeUndefined();
  });
});
