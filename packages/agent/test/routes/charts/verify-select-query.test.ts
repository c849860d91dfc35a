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
    "SELECT $tag$ ; update $tag$ AS key, 'it''s' AS value, 'a\\'b' AS other",
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
});
