import { listQuery, projectionQuery } from '../../src/query/list-options';
import { packRecordId, toWireConditionTree } from '../../src';

describe('toWireConditionTree', () => {
  it('writes operators in snake case and aggregators in lower case, from any casing', () => {
    expect(
      toWireConditionTree({
        aggregator: 'Or',
        conditions: [
          { field: 'a', operator: 'NotIContains', value: 'x' },
          { field: 'b', operator: 'previousXDaysToDate', value: 3 },
          { field: 'c', operator: 'PRESENT' },
        ],
      }),
    ).toEqual({
      aggregator: 'or',
      conditions: [
        { field: 'a', operator: 'not_i_contains', value: 'x' },
        { field: 'b', operator: 'previous_x_days_to_date', value: 3 },
        { field: 'c', operator: 'present' },
      ],
    });
  });

  it('rejects unknown operators and aggregators and malformed nodes', () => {
    expect(() => toWireConditionTree({ field: 'a', operator: 'Around' })).toThrow(
      'Unknown operator "Around"',
    );
    expect(() => toWireConditionTree({ aggregator: 'Xor', conditions: [] })).toThrow(
      'Unknown aggregator "Xor" (use And or Or)',
    );
    expect(() => toWireConditionTree({} as never)).toThrow('A filter is either');
  });
});

describe('listQuery', () => {
  it('joins several sort clauses and writes relation paths with a dot', () => {
    expect(
      listQuery('books', { sort: ['title', { field: 'author:name', ascending: false }] }).sort,
    ).toBe('title,-author.name');
  });

  it('accepts the vendor `rel@@@field` projection syntax and groups sub-fields', () => {
    expect(projectionQuery('books', ['author@@@name', 'id', 'author:email'])).toEqual({
      'fields[books]': 'author,id',
      'fields[author]': 'name,email',
    });
  });

  it('refuses projections deeper than one relation', () => {
    expect(() => projectionQuery('books', ['author:address:city'])).toThrow(
      'Cannot project "author:address:city": the protocol projects one relation level',
    );
  });
});

describe('packRecordId', () => {
  it('packs composite ids and refuses parts with a pipe or empty ids', () => {
    expect(packRecordId([7, 'A-1'])).toBe('7|A-1');
    expect(() => packRecordId(['a|b'])).toThrow('A record id part cannot contain "|" (got "a|b")');
    expect(() => packRecordId([])).toThrow('A composite record id needs at least one value');
  });
});
