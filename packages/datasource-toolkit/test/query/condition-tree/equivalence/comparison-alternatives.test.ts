import { describe, expect, it } from '@jest/globals';
import { rewrite } from './rewrite';

describe('comparison alternatives', () => {
  it('rewrites LessThanOrEqual into Or(LessThan, Equal)', () => {
    expect(
      rewrite('LessThanOrEqual', 5, { supported: ['LessThan', 'Equal'], type: 'Number' }),
    ).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'field', operator: 'LessThan', value: 5 },
        { field: 'field', operator: 'Equal', value: 5 },
      ],
    });
  });

  it('rewrites GreaterThanOrEqual into Or(GreaterThan, Equal)', () => {
    expect(
      rewrite('GreaterThanOrEqual', 5, { supported: ['GreaterThan', 'Equal'], type: 'Number' }),
    ).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'field', operator: 'GreaterThan', value: 5 },
        { field: 'field', operator: 'Equal', value: 5 },
      ],
    });
  });

  it('rewrites the produced Equal again when only In is supported', () => {
    expect(
      rewrite('GreaterThanOrEqual', 5, { supported: ['GreaterThan', 'In'], type: 'Number' }),
    ).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'field', operator: 'GreaterThan', value: 5 },
        { field: 'field', operator: 'In', value: [5] },
      ],
    });
  });

  it('cannot express LessThanOrEqual without LessThan', () => {
    expect(
      rewrite('LessThanOrEqual', 5, { supported: ['Equal', 'GreaterThan'], type: 'Number' }),
    ).toBe(null);
  });
});
