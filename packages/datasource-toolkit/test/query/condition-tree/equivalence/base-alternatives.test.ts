import { describe, expect, it } from '@jest/globals';
import { rewrite } from './rewrite';

describe('base alternatives', () => {
  describe('Blank', () => {
    it('is In [null, ""] on a String column', () => {
      expect(rewrite('Blank', undefined, { supported: ['In'], type: 'String' })).toEqual({
        field: 'field',
        operator: 'In',
        value: [null, ''],
      });
    });

    it('is Missing on other column types', () => {
      expect(rewrite('Blank', undefined, { supported: ['In', 'Missing'], type: 'Number' })).toEqual(
        { field: 'field', operator: 'Missing' },
      );
    });

    it('goes through Missing then Equal null when only Equal is supported', () => {
      expect(rewrite('Blank', undefined, { supported: ['Equal'], type: 'Number' })).toEqual({
        field: 'field',
        operator: 'Equal',
        value: null,
      });
    });

    it('becomes Or(Equal null, Equal "") on a String column supporting Equal only', () => {
      expect(rewrite('Blank', undefined, { supported: ['Equal'], type: 'String' })).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'field', operator: 'Equal', value: null },
          { field: 'field', operator: 'Equal', value: '' },
        ],
      });
    });
  });

  it('rewrites Missing into Equal null', () => {
    expect(rewrite('Missing', undefined, { supported: ['Equal'], type: 'Boolean' })).toEqual({
      field: 'field',
      operator: 'Equal',
      value: null,
    });
  });

  describe('Present', () => {
    it('is NotIn [null, ""] on a String column', () => {
      expect(rewrite('Present', undefined, { supported: ['NotIn'], type: 'String' })).toEqual({
        field: 'field',
        operator: 'NotIn',
        value: [null, ''],
      });
    });

    it('is NotEqual null on other column types', () => {
      expect(rewrite('Present', undefined, { supported: ['NotEqual'], type: 'Number' })).toEqual({
        field: 'field',
        operator: 'NotEqual',
        value: null,
      });
    });

    it('becomes And(NotEqual null, NotEqual "") on a String column supporting NotEqual', () => {
      expect(rewrite('Present', undefined, { supported: ['NotEqual'], type: 'String' })).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'field', operator: 'NotEqual', value: null },
          { field: 'field', operator: 'NotEqual', value: '' },
        ],
      });
    });
  });

  it('rewrites Equal into In [value]', () => {
    expect(rewrite('Equal', 3, { supported: ['In'], type: 'Number' })).toEqual({
      field: 'field',
      operator: 'In',
      value: [3],
    });
  });

  it('rewrites NotEqual into NotIn [value]', () => {
    expect(rewrite('NotEqual', 3, { supported: ['NotIn'], type: 'Number' })).toEqual({
      field: 'field',
      operator: 'NotIn',
      value: [3],
    });
  });

  describe('In', () => {
    it('is an Or of Equal per value on non-String columns', () => {
      expect(rewrite('In', [1, 2], { supported: ['Equal', 'Match'], type: 'Number' })).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'field', operator: 'Equal', value: 1 },
          { field: 'field', operator: 'Equal', value: 2 },
        ],
      });
    });

    it('collapses a list of one value into a single Equal', () => {
      expect(rewrite('In', [1], { supported: ['Equal'], type: 'Number' })).toEqual({
        field: 'field',
        operator: 'Equal',
        value: 1,
      });
    });

    it('matches nothing (Or []) for an empty list', () => {
      expect(rewrite('In', [], { supported: ['Equal'], type: 'Number' })).toEqual({
        aggregator: 'Or',
        conditions: [],
      });
    });

    it('is Equal null / Equal "" and one anchored escaped regex on String columns', () => {
      const values = ['a.b', null, '', 'c|d', '(x)*+?^$[]{}\\/-'];

      expect(rewrite('In', values, { supported: ['Equal', 'Match'], type: 'String' })).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'field', operator: 'Equal', value: null },
          { field: 'field', operator: 'Equal', value: '' },
          {
            field: 'field',
            operator: 'Match',
            value: /^(?:a\.b|c\|d|\(x\)\*\+\?\^\$\[\]\{\}\\\/-)$/,
          },
        ],
      });
    });

    it('builds a String regex that matches exactly the listed values', () => {
      const tree = rewrite('In', ['a.b', 'c|d'], { supported: ['Equal', 'Match'], type: 'String' });
      const regex = (tree as { value: RegExp }).value;

      expect(['a.b', 'c|d', 'axb', 'c', 'a.bc|d'].map(text => regex.test(text))).toEqual([
        true,
        true,
        false,
        false,
        false,
      ]);
    });

    it('falls back to Equal per value on a String column without Match', () => {
      expect(rewrite('In', ['a', 'b'], { supported: ['Equal'], type: 'String' })).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'field', operator: 'Equal', value: 'a' },
          { field: 'field', operator: 'Equal', value: 'b' },
        ],
      });
    });
  });

  describe('NotIn', () => {
    it('is an And of NotEqual per value, on String columns too', () => {
      expect(
        rewrite('NotIn', ['a', null], { supported: ['NotEqual', 'Match'], type: 'String' }),
      ).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'field', operator: 'NotEqual', value: 'a' },
          { field: 'field', operator: 'NotEqual', value: null },
        ],
      });
    });

    it('matches everything (And []) for an empty list', () => {
      expect(rewrite('NotIn', [], { supported: ['NotEqual'], type: 'Number' })).toEqual({
        aggregator: 'And',
        conditions: [],
      });
    });
  });

  it('cannot express NotEqual from positive operators only', () => {
    expect(rewrite('NotEqual', 1, { supported: ['Equal', 'In', 'Match'], type: 'String' })).toBe(
      null,
    );
  });
});
