import { UnprocessableError } from '@grove/datasource-toolkit';

// String literals (standard, MySQL backslash escapes, PostgreSQL dollar quoting), quoted
// identifiers and comments: what may hide a `;` or a keyword without being SQL code.
const literalOrComment =
  /'(?:[^'\\]|\\.|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$|--[^\n]*|\/\*[\s\S]*?\*\//g;

const readStart = /^[\s(]*(select|with)\b/i;

// Statements and clauses that write, lock or change a session, even inside a SELECT or a CTE
// (`SELECT … INTO`, `WITH d AS (DELETE …)`, `FOR UPDATE`).
const writeKeywords =
  /\b(insert|update|delete|merge|upsert|into|drop|alter|create|truncate|grant|revoke|copy|call|exec|execute|lock|vacuum|attach|detach|pragma|load_file|outfile|dumpfile)\b/i;

/**
 * The SQL sanity check of native-query charts (spec §7.19, §10.2): one read-only statement,
 * starting with `SELECT` (or `WITH`); one trailing `;` is tolerated. Literals, quoted
 * identifiers and comments are ignored while looking for `;` and for keywords that write.
 * Grove is stricter than a parser-based check: any write keyword outside literals (`SELECT …
 * FOR UPDATE`, `SELECT … INTO`, a data-modifying CTE) is refused.
 *
 * @param query - The SQL of the chart, placeholders included.
 * @throws UnprocessableError `You cannot execute an empty SQL query.`, `You cannot chain SQL
 *   queries.` or `Only SELECT queries are allowed.`
 *
 * @example
 * ```ts
 * verifySelectQuery('SELECT count(*) AS value FROM orders;'); // passes
 * verifySelectQuery('SELECT 1; DROP TABLE orders'); // throws: You cannot chain SQL queries.
 * verifySelectQuery('DELETE FROM orders'); // throws: Only SELECT queries are allowed.
 * ```
 */
export function verifySelectQuery(query: string): void {
  const code = query
    .replace(literalOrComment, token => (/^(--|\/\*)/.test(token) ? ' ' : "''"))
    .trim();
  if (code === '') throw new UnprocessableError('You cannot execute an empty SQL query.');

  const statement = code.replace(/;\s*$/, '');
  if (statement.includes(';')) throw new UnprocessableError('You cannot chain SQL queries.');
  if (!readStart.test(statement) || writeKeywords.test(statement)) {
    throw new UnprocessableError('Only SELECT queries are allowed.');
  }
}
