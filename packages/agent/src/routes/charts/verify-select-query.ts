import { UnprocessableError } from '@grove/datasource-toolkit';

/** How one database family splits SQL text into code, literals and comments. */
interface Lexing {
  /** `\` escapes the next character in `'…'` and `"…"` strings (MySQL, MariaDB). */
  readonly backslashEscapes: boolean;
  /** `$tag$ … $tag$` (and `$$ … $$`) quotes a string, `E'…'` takes backslashes (PostgreSQL). */
  readonly dollarQuotes: boolean;
  /** `/* … *\/` comments nest (PostgreSQL). */
  readonly nestedComments: boolean;
  /** `#` starts a comment, `--` only when followed by a space, `/*!` runs its content (MySQL). */
  readonly mysqlComments: boolean;
  /** `[…]` quotes an identifier (SQLite). */
  readonly bracketIdentifiers: boolean;
}

// Each database's reading of the same text: a query is accepted only if all of them agree
// that it is one SELECT. They differ on `\'`, `$tag$`, `#`, nested comments and `[…]`.
const lexings: readonly Lexing[] = [
  {
    backslashEscapes: false,
    dollarQuotes: true,
    nestedComments: true,
    mysqlComments: false,
    bracketIdentifiers: false,
  },
  {
    backslashEscapes: true,
    dollarQuotes: false,
    nestedComments: false,
    mysqlComments: true,
    bracketIdentifiers: false,
  },
  {
    backslashEscapes: false,
    dollarQuotes: false,
    nestedComments: false,
    mysqlComments: false,
    bracketIdentifiers: true,
  },
];

// Statements and clauses that write, lock or change a session, even inside a SELECT or a CTE
// (`SELECT … INTO`, `WITH d AS (DELETE …)`, `FOR UPDATE`).
const writeKeywords = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'upsert',
  'into',
  'drop',
  'alter',
  'create',
  'truncate',
  'grant',
  'revoke',
  'copy',
  'call',
  'exec',
  'execute',
  'lock',
  'vacuum',
  'attach',
  'detach',
  'pragma',
  'load_file',
  'outfile',
  'dumpfile',
]);

const readStarts = new Set(['select', 'with']);
const wordChar = /[\w$]/;

/**
 * The SQL sanity check of native queries (docs/agent-protocol.md#native-query-charts,
 * docs/agent-protocol.md#chart-permissions): one read-only statement, starting with `SELECT` (or
 * `WITH`); one trailing `;` is tolerated. Literals, quoted identifiers and comments are ignored
 * while looking for `;` and for keywords that write; any write keyword outside them (`SELECT … FOR
 * UPDATE`, `SELECT … INTO`, a data-modifying CTE) is refused.
 *
 * The text is read three times, as PostgreSQL, MySQL/MariaDB and SQLite read it (`\'` escapes
 * only in MySQL, `$tag$` quotes only in PostgreSQL…), and must pass all three. Each reading is
 * one pass over the text (no backtracking), so its cost is linear in the query's length.
 *
 * This is an early, clear 422 — never the guard: the SQL data source runs every native query
 * in a read-only transaction (or on a read-only connection), as a single statement, with a
 * timeout, so a query that slips through cannot write.
 *
 * @param query - The SQL of the chart or segment, placeholders included.
 * @param maxLength - The longest query accepted, in characters (the agent's
 *   `maxNativeQueryLength`), checked before reading anything.
 * @throws UnprocessableError `The native query is too long (…)`, `You cannot execute an empty
 *   SQL query.`, `You cannot chain SQL queries.` or `Only SELECT queries are allowed.`
 *
 * @example
 * ```ts
 * verifySelectQuery('SELECT count(*) AS value FROM orders;'); // passes
 * verifySelectQuery('SELECT 1; DROP TABLE orders'); // throws: You cannot chain SQL queries.
 * verifySelectQuery("WITH x AS (SELECT '\\') DELETE FROM orders"); // throws: Only SELECT…
 * ```
 */
export function verifySelectQuery(query: string, maxLength = Number.POSITIVE_INFINITY): void {
  if (query.length > maxLength) {
    throw new UnprocessableError(
      `The native query is too long (${query.length} characters, at most ${maxLength}).`,
    );
  }
  for (const lexing of lexings) verifyAs(query, lexing);
}

function verifyAs(query: string, lexing: Lexing): void {
  const words: string[] = [];
  let ended = false;
  let empty = true;
  let chained = false;
  let i = 0;
  const n = query.length;
  while (i < n) {
    const c = query[i] as string;
    const next = query[i + 1] ?? '';
    if (c === '-' && next === '-' && (!lexing.mysqlComments || /\s/.test(query[i + 2] ?? ' '))) {
      i = lineEnd(query, i);
    } else if (c === '#' && lexing.mysqlComments) {
      i = lineEnd(query, i);
    } else if (c === '/' && next === '*') {
      // MySQL runs the content of `/*! … */` and `/*M! … */`: never a comment to skip.
      if (lexing.mysqlComments && (query[i + 2] === '!' || query.startsWith('M!', i + 2))) {
        throw new UnprocessableError('Only SELECT queries are allowed.');
      }
      i = commentEnd(query, i, lexing.nestedComments);
    } else if (/\s/.test(c)) {
      i += 1;
    } else if (c === ';') {
      if (ended) chained = true;
      ended = true;
      i += 1;
    } else {
      if (ended) chained = true;
      empty = false;
      if (wordChar.test(c) && !(c === '$' && lexing.dollarQuotes && isDollarTag(query, i))) {
        let end = i + 1;
        while (end < n && wordChar.test(query[end] as string)) end += 1;
        const word = query.slice(i, end).toLowerCase();
        // PostgreSQL's E'…' strings take backslash escapes.
        if ((word === 'e' || word === 'x' || word === 'b' || word === 'n') && query[end] === "'") {
          const escapes = (word === 'e' && lexing.dollarQuotes) || lexing.backslashEscapes;
          i = quotedEnd(query, end, "'", escapes);
        } else {
          words.push(word);
          i = end;
        }
      } else {
        i = skipQuoted(query, i, lexing);
      }
    }
  }

  if (empty) throw new UnprocessableError('You cannot execute an empty SQL query.');
  if (chained) throw new UnprocessableError('You cannot chain SQL queries.');
  if (!readStarts.has(words[0] ?? '') || words.some(word => writeKeywords.has(word))) {
    throw new UnprocessableError('Only SELECT queries are allowed.');
  }
}

// The index after the literal, quoted identifier or single character at `i`.
function skipQuoted(query: string, i: number, lexing: Lexing): number {
  const c = query[i] as string;
  if (c === "'") return quotedEnd(query, i, "'", lexing.backslashEscapes);
  if (c === '"') return quotedEnd(query, i, '"', lexing.backslashEscapes);
  if (c === '`') return quotedEnd(query, i, '`', false);
  if (c === '[' && lexing.bracketIdentifiers) {
    const end = query.indexOf(']', i + 1);

    return end === -1 ? query.length : end + 1;
  }
  if (c === '$' && lexing.dollarQuotes) {
    const tagEnd = query.indexOf('$', i + 1);
    const tag = query.slice(i, tagEnd + 1);
    const close = query.indexOf(tag, tagEnd + 1);

    return close === -1 ? query.length : close + tag.length;
  }

  return i + 1;
}

// `$$` or `$tag$` (tag: a letter or `_`, then letters, digits, `_`), not `$1`.
function isDollarTag(query: string, i: number): boolean {
  let j = i + 1;
  if (query[j] === '$') return true;
  if (!/[A-Za-z_]/.test(query[j] ?? '')) return false;
  while (/\w/.test(query[j] ?? '')) j += 1;

  return query[j] === '$';
}

// The index after a quoted run opened at `i`; a doubled quote (or, with escapes, a backslash)
// does not close it. An unterminated run ends the text.
function quotedEnd(query: string, i: number, quote: string, backslashEscapes: boolean): number {
  let j = i + 1;
  while (j < query.length) {
    const c = query[j];
    if (backslashEscapes && c === '\\') j += 2;
    else if (c === quote && query[j + 1] === quote) j += 2;
    else if (c === quote) return j + 1;
    else j += 1;
  }

  return query.length;
}

function lineEnd(query: string, i: number): number {
  const end = query.indexOf('\n', i);

  return end === -1 ? query.length : end + 1;
}

function commentEnd(query: string, i: number, nested: boolean): number {
  let depth = 0;
  let j = i;
  while (j < query.length) {
    if (query[j] === '/' && query[j + 1] === '*' && (nested || depth === 0)) {
      depth += 1;
      j += 2;
    } else if (query[j] === '*' && query[j + 1] === '/') {
      depth -= 1;
      j += 2;
      if (depth === 0) return j;
    } else j += 1;
  }

  return query.length;
}
