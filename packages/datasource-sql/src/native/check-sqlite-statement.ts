import { ValidationError } from '@grove/datasource-toolkit';

const readKeywords = new Set(['select', 'with', 'values']);

/**
 * Checks, with SQLite's own tokenizing rules, that a native query is ONE statement that starts
 * with `SELECT`, `WITH` or `VALUES` (opening parentheses and comments allowed before it); one
 * or more trailing `;` are tolerated. SQLite has no backslash escapes and no dollar quoting:
 * `'…'` (with `''`), `"…"`, `` `…` `` and `[…]` are the only quotes, `--` and `/* … *\/` the only
 * comments. One pass over the text. sqlite3's `all` silently ignores what follows the first
 * statement: this check refuses it instead.
 *
 * @param sql - The native query, placeholders already replaced by `$n`.
 * @throws ValidationError `A native query must be a single statement` or `A native query must
 *   start with SELECT, WITH or VALUES`.
 *
 * @example
 * ```ts
 * checkSqliteStatement("SELECT '\\'; DELETE FROM orders; --'"); // passes: one string literal
 * checkSqliteStatement('SELECT 1; DELETE FROM orders'); // throws: single statement
 * ```
 */
export function checkSqliteStatement(sql: string): void {
  let firstWord: string | undefined;
  let statementEnded = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i + 2);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (/\s/.test(c) || c === ';') {
      if (c === ';') statementEnded = true;
      i += 1;
    } else {
      if (statementEnded) throw new ValidationError('A native query must be a single statement');
      if (firstWord === undefined) {
        if (c === '(') {
          i += 1;
          continue;
        }
        const word = /^[A-Za-z_]+/.exec(sql.slice(i, i + 8))?.[0] ?? c;
        firstWord = word.toLowerCase();
        if (!readKeywords.has(firstWord)) {
          throw new ValidationError('A native query must start with SELECT, WITH or VALUES');
        }
      }
      i = skipToken(sql, i);
    }
  }
  if (firstWord === undefined) throw new ValidationError('A native query cannot be empty');
}

// The index after the token at `i`: a whole quoted string or identifier, or one character.
function skipToken(sql: string, i: number): number {
  const c = sql[i] as string;
  const close = c === '[' ? ']' : c;
  if (c !== "'" && c !== '"' && c !== '`' && c !== '[') return i + 1;
  let j = i + 1;
  for (;;) {
    const end = sql.indexOf(close, j);
    if (end === -1) return sql.length;
    // A doubled quote is an escaped quote (not for `[…]`, which cannot contain `]`).
    if (close !== ']' && sql[end + 1] === close) j = end + 2;
    else return end + 1;
  }
}
