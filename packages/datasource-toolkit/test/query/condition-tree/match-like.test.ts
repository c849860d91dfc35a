import { describe, expect, it } from '@jest/globals';
import { likeToRegExp } from '../../../src/query/condition-tree/like-to-regexp';
import { matchLike } from '../../../src/query/condition-tree/match-like';
import { seededRandom } from '../../../src/testing/seeded-random';

/** A reference matcher by dynamic programming, O(text × pattern), used as the oracle. */
function reference(pattern: string, text: string): boolean {
  let row = [true, ...Array.from(text, () => false)];
  for (const char of pattern) {
    const next = [char === '%' && (row[0] as boolean)];
    for (let i = 1; i <= text.length; i += 1) {
      next[i] =
        char === '%'
          ? (row[i] as boolean) || (next[i - 1] as boolean)
          : (row[i - 1] as boolean) && (char === '_' || char === text[i - 1]);
    }
    row = next;
  }

  return row[text.length] as boolean;
}

function word(next: () => number, alphabet: string, max: number): string {
  const length = Math.floor(next() * (max + 1));

  return Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
}

describe('matchLike', () => {
  it.each([
    ['Dun%', 'Dune', true],
    ['%une', 'Dune', true],
    ['%un%', 'Dune', true],
    ['D_ne', 'Dune', true],
    ['D_ne', 'Dne', false],
    ['%', '', true],
    ['', '', true],
    ['', 'a', false],
    ['_', '', false],
    ['a%b%c', 'axxbyyc', true],
    ['a%b%c', 'axxcyyb', false],
    ['%a%a', 'aa', true],
    ['%a%a', 'a', false],
    ['a.c%', 'abc', false],
    ['(x)*', '(x)*', true],
    ['\\%', '\\anything', true],
    ['50%_off', '50% off', true],
    ['%\n%', 'two\nlines', true],
  ])('matches %j against %j: %s', (pattern, text, expected) => {
    expect(matchLike(pattern, text, false)).toBe(expected);
  });

  it('compares case-insensitively as a regex with the i flag does', () => {
    expect([
      matchLike('d_N%', 'Dune', true),
      matchLike('d_N%', 'Dune', false),
      matchLike('%ÉTÉ%', 'un été', true),
      // A regex with `i` (no `u`) does not fold ſ (long s) with s: neither does matchLike.
      matchLike('ſ', 's', true),
    ]).toEqual([true, false, true, false]);
  });

  it('agrees with a dynamic-programming matcher on seeded random patterns and texts', () => {
    const next = seededRandom(12);
    const cases = Array.from({ length: 3000 }, () => ({
      pattern: word(next, 'ab%_', 8),
      text: word(next, 'ab', 12),
    }));

    expect(
      cases.filter(c => matchLike(c.pattern, c.text, false) !== reference(c.pattern, c.text)),
    ).toEqual([]);
  });

  // An exponential (backtracking) matcher would not finish these; the suite itself is the guard.
  it('matches adversarial patterns against long texts', () => {
    const text = 'a'.repeat(20_000);

    expect([
      matchLike(`${'%a'.repeat(50)}%b`, text, false),
      matchLike(`${'%a'.repeat(50)}%`, text, false),
      matchLike(`${'%a'.repeat(50)}%b`, `${text}b`, true),
      matchLike(`%${'_'.repeat(500)}%b`, text, false),
    ]).toEqual([false, true, true, false]);
  });
});

describe('likeToRegExp', () => {
  it('keeps a single trailing % as .*', () => {
    expect(likeToRegExp('D_n%', false)).toEqual(/^D.n.*$/s);
  });

  it('finds each middle piece once, inside a lookahead', () => {
    expect(likeToRegExp('a%b%%c%d', true)).toEqual(/^a(?=(.*?b))\1(?=(.*?c))\2.*d$/is);
  });

  it('agrees with matchLike on seeded random patterns and texts', () => {
    const next = seededRandom(34);
    const cases = Array.from({ length: 3000 }, () => ({
      pattern: word(next, 'aB%_.', 8),
      text: word(next, 'abB.', 12),
      insensitive: next() < 0.5,
    }));
    const disagreeing = cases.filter(
      c =>
        likeToRegExp(c.pattern, c.insensitive).test(c.text) !==
        matchLike(c.pattern, c.text, c.insensitive),
    );

    expect(disagreeing).toEqual([]);
  });

  it('tests adversarial patterns against long texts without exponential backtracking', () => {
    const text = 'a'.repeat(20_000);

    expect([
      likeToRegExp(`${'%a'.repeat(50)}%b`, false).test(text),
      likeToRegExp(`${'%a'.repeat(50)}%`, false).test(text),
      likeToRegExp(`${'%a'.repeat(50)}%b`, true).test(`${text}B`),
    ]).toEqual([false, true, true]);
  });
});
