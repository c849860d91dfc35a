import { describe, expect, it } from '@jest/globals';
import type { Operator } from '../../../../src/query/condition-tree/operators';
import { rewrite } from './rewrite';

describe('pattern alternatives', () => {
  it.each<[Operator, Operator, string]>([
    ['Contains', 'Like', '%Dune%'],
    ['StartsWith', 'Like', 'Dune%'],
    ['EndsWith', 'Like', '%Dune'],
    ['IContains', 'ILike', '%Dune%'],
    ['IStartsWith', 'ILike', 'Dune%'],
    ['IEndsWith', 'ILike', '%Dune'],
  ])('rewrites %s into %s %s', (operator, like, pattern) => {
    expect(rewrite(operator, 'Dune', { supported: [like], type: 'String' })).toEqual({
      field: 'field',
      operator: like,
      value: pattern,
    });
  });

  it('rewrites Like into an anchored, case-sensitive Match', () => {
    expect(rewrite('Like', 'D_n%', { supported: ['Match'], type: 'String' })).toEqual({
      field: 'field',
      operator: 'Match',
      value: /^D.n.*$/s,
    });
  });

  it('rewrites ILike into an anchored, case-insensitive Match', () => {
    expect(rewrite('ILike', 'D_n%', { supported: ['Match'], type: 'String' })).toEqual({
      field: 'field',
      operator: 'Match',
      value: /^D.n.*$/is,
    });
  });

  it('escapes regex-special characters of a Like pattern', () => {
    expect(
      rewrite('Like', 'a.b(c)*[d]$^|+?{1}\\%', { supported: ['Match'], type: 'String' }),
    ).toEqual({
      field: 'field',
      operator: 'Match',
      value: /^a\.b\(c\)\*\[d\]\$\^\|\+\?\{1\}\\.*$/s,
    });
  });

  it('makes the escaped regex match the literal text only', () => {
    const tree = rewrite('Like', 'a.c%', { supported: ['Match'], type: 'String' });
    const regex = (tree as { value: RegExp }).value;

    expect([regex.test('a.c and more'), regex.test('abc')]).toEqual([true, false]);
  });

  it('chains IStartsWith → ILike → Match', () => {
    expect(rewrite('IStartsWith', 'du', { supported: ['Match'], type: 'String' })).toEqual({
      field: 'field',
      operator: 'Match',
      value: /^du.*$/is,
    });
  });

  it('does not rewrite patterns on non-String columns', () => {
    expect(rewrite('Contains', 'x', { supported: ['Like', 'Match'], type: 'Json' })).toBe(null);
  });

  it('cannot express IContains from Like', () => {
    expect(rewrite('IContains', 'x', { supported: ['Like'], type: 'String' })).toBe(null);
  });
});
