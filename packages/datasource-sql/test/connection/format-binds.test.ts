import { ValidationError } from '@grove/datasource-toolkit';
import { formatBinds } from '../../src/connection/format-binds';

describe('formatBinds', () => {
  it('PostgreSQL: keeps $n, turns $$ into $, writes NUL in strings as \\0', () => {
    expect(
      formatBinds('postgres', ' SELECT "$$a" FROM t WHERE a = $2 OR b = $1 ', ['x\0y', 3]),
    ).toEqual({
      text: 'SELECT "$a" FROM t WHERE a = $2 OR b = $1',
      values: ['x\\0y', 3],
    });
  });

  it('SQLite: named values, a bigint as its text', () => {
    const { text, values } = formatBinds('sqlite', 'SELECT $1, $2, $$3', [2n ** 70n, null]);

    expect(text).toBe('SELECT $1, $2, $3');
    expect({ ...values }).toEqual({ $1: '1180591620717411303424', $2: null });
  });

  it('a $ inside a name is not a parameter (as in Sequelize)', () => {
    expect(formatBinds('postgres', 'SELECT price$1 FROM t', []).text).toBe('SELECT price$1 FROM t');
  });

  it.each([
    ['a number without a value', 'SELECT $3', [1]],
    ['an undefined value', 'SELECT $1', [undefined]],
    ['a named parameter', 'SELECT $name', [1]],
    ['$0', 'SELECT $0', [1]],
  ])('%s is a ValidationError, nothing sent', (_, sql, bind) => {
    expect(() => formatBinds('postgres', sql, bind)).toThrow(ValidationError);
  });

  it('is linear in the length of the text', () => {
    const text = `SELECT ${'$$'.repeat(200_000)}${'$1,'.repeat(100_000)}1`;

    expect(formatBinds('sqlite', text, [1]).text).toHaveLength(200_000 + 300_001 + 7);
  });
});
