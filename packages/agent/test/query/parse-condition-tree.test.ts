import { ConditionTreeLeaf } from '@grove/datasource-toolkit';
import { parseConditionTree, parseFilters } from '../../src/query/parse-condition-tree';
import { collection, reviewId, thrown } from './library';

const books = collection('books');

function parse(tree: unknown): unknown {
  return parseConditionTree(tree, books)?.toJSON();
}

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('valid JSON');
}

describe('parseConditionTree', () => {
  describe('input', () => {
    it.each([[undefined], [null], [''], ['  '], ['null']])('is undefined for %j', raw => {
      expect(parseConditionTree(raw, books)).toBeUndefined();
    });

    it('reads a JSON string', () => {
      expect(parse('{"field":"title","operator":"equal","value":"Dune"}')).toEqual({
        field: 'title',
        operator: 'Equal',
        value: 'Dune',
      });
    });

    it('reads a plain object', () => {
      expect(parse({ field: 'title', operator: 'present' })).toEqual({
        field: 'title',
        operator: 'Present',
      });
    });

    it('returns condition tree instances', () => {
      expect(parseConditionTree('{"field":"title","operator":"blank"}', books)).toBeInstanceOf(
        ConditionTreeLeaf,
      );
    });
  });

  describe('casing', () => {
    it.each(['greater_than', 'greaterThan', 'GreaterThan', 'GREATER_THAN'])(
      'reads the operator %s',
      operator => {
        expect(parse({ field: 'price', operator, value: 5 })).toEqual({
          field: 'price',
          operator: 'GreaterThan',
          value: 5,
        });
      },
    );

    it.each([
      ['previous_x_days_to_date', 'PreviousXDaysToDate'],
      ['i_contains', 'IContains'],
      ['not_i_contains', 'NotIContains'],
      ['iStartsWith', 'IStartsWith'],
      ['before_x_hours_ago', 'BeforeXHoursAgo'],
    ])('reads %s as %s', (operator, expected) => {
      const field =
        operator.startsWith('before') || operator.startsWith('previous') ? 'publishedAt' : 'title';
      const value = field === 'title' ? 'x' : 2;
      expect(parse({ field, operator, value })).toEqual({ field, operator: expected, value });
    });

    it.each([
      ['and', 'And'],
      ['Or', 'Or'],
      ['OR', 'Or'],
    ])('reads the aggregator %s', (aggregator, expected) => {
      const conditions = [
        { field: 'title', operator: 'present' },
        { field: 'price', operator: 'blank' },
      ];
      expect(parse({ aggregator, conditions })).toEqual({
        aggregator: expected,
        conditions: [
          { field: 'title', operator: 'Present' },
          { field: 'price', operator: 'Blank' },
        ],
      });
    });

    it('collapses a branch of one condition, nested ones too', () => {
      const tree = {
        aggregator: 'and',
        conditions: [{ aggregator: 'or', conditions: [{ field: 'title', operator: 'present' }] }],
      };
      expect(parse(tree)).toEqual({ field: 'title', operator: 'Present' });
    });
  });

  describe('coercion (docs/agent-protocol.md#value-coercion)', () => {
    it.each([
      ['longer_than', 'title', '3', 3],
      ['shorter_than', 'title', '10', 10],
      ['previous_x_days', 'publishedAt', '7', 7],
      ['previous_x_days_to_date', 'publishedAt', '7', 7],
      ['after_x_hours_ago', 'publishedAt', '2', 2],
      ['before_x_hours_ago', 'publishedAt', '2', 2],
    ])('%s casts its value to a number', (operator, field, value, expected) => {
      expect(parseConditionTree({ field, operator, value }, books)).toMatchObject({
        value: expected,
      });
    });

    it.each([
      ['status', 'draft, review', ['draft', 'review']],
      ['title', 'Dune,Foundation', ['Dune', 'Foundation']],
      ['price', ' 1, x ,2.5', [1, 2.5]],
      ['price', '1,,2', [1, 2]],
      ['price', ['1', 2], [1, 2]],
      ['price', 3, [3]],
      ['isAvailable', 'yes,0', [true, false]],
      ['isbn', reviewId, [reviewId]],
    ])('In on %s reads %j as %j', (field, value, expected) => {
      expect(parse({ field, operator: 'in', value })).toEqual({
        field,
        operator: 'In',
        value: expected,
      });
    });

    it('NotIn splits too', () => {
      expect(parse({ field: 'price', operator: 'not_in', value: '4,5' })).toEqual({
        field: 'price',
        operator: 'NotIn',
        value: [4, 5],
      });
    });

    it.each([
      ['title', 12, '12'],
      ['title', true, 'true'],
      ['publishedAt', '2024-05-02T08:30:00Z', '2024-05-02T08:30:00Z'],
      ['releaseDay', '2024-05-02', '2024-05-02'],
      ['price', '12.5', 12.5],
      ['price', 3, 3],
      ['isAvailable', 'true', true],
      ['isAvailable', 'YES', true],
      ['isAvailable', '1', true],
      ['isAvailable', 'false', false],
      ['isAvailable', 'no', false],
      ['isAvailable', '0', false],
      ['isAvailable', 'maybe', true],
      ['isAvailable', 0, false],
      ['isbn', reviewId, reviewId],
      ['status', 'draft', 'draft'],
      ['readingTime', '10:30:00', '10:30:00'],
      ['metadata', 12, 12],
      ['price', null, null],
      ['title', null, null],
    ])('Equal on %s reads %j as %j', (field, value, expected) => {
      expect(parseConditionTree({ field, operator: 'equal', value }, books)).toMatchObject({
        operator: 'Equal',
        value: expected,
      });
    });

    it('casts Before/After values of Date columns to strings and keeps them', () => {
      expect(parse({ field: 'publishedAt', operator: 'before', value: '2024-01-01' })).toEqual({
        field: 'publishedAt',
        operator: 'Before',
        value: '2024-01-01',
      });
    });

    it('casts values of relation paths with the related column type', () => {
      expect(parse({ field: 'author:lastName', operator: 'i_contains', value: 42 })).toEqual({
        field: 'author:lastName',
        operator: 'IContains',
        value: '42',
      });
      expect(parse({ field: 'author:address:id', operator: 'in', value: '5,6' })).toEqual({
        field: 'author:address:id',
        operator: 'In',
        value: [5, 6],
      });
    });

    it('casts every leaf of a branch', () => {
      const tree = {
        aggregator: 'and',
        conditions: [
          { field: 'status', operator: 'in', value: 'draft,review' },
          { field: 'publishedAt', operator: 'previous_x_days', value: '7' },
          { field: 'author:lastName', operator: 'i_contains', value: 'doe' },
        ],
      };
      expect(parse(tree)).toEqual({
        aggregator: 'And',
        conditions: [
          { field: 'status', operator: 'In', value: ['draft', 'review'] },
          { field: 'publishedAt', operator: 'PreviousXDays', value: 7 },
          { field: 'author:lastName', operator: 'IContains', value: 'doe' },
        ],
      });
    });
  });

  describe('errors', () => {
    it('reports invalid JSON', () => {
      expect(thrown(() => parseConditionTree('{oops', books))).toMatchObject({
        code: 'ValidationError',
        name: 'ValidationError',
        message: `Invalid filters (${jsonError('{oops')})`,
      });
    });

    it.each([
      [{ foo: 1 }, 'Failed to instantiate condition tree from json: {"foo":1}'],
      ['[1]', 'Failed to instantiate condition tree from json: [1]'],
      [{ field: 'title', operator: 'foo' }, "Unknown operator 'foo' on field 'title'."],
      [
        { aggregator: 'xor', conditions: [] },
        "Failed to instantiate condition tree from json: unknown aggregator 'xor' (expected 'And' or 'Or')",
      ],
      [
        { field: 'title', operator: 'present', value: 'x' },
        "Invalid condition on field 'title' with operator 'Present': The given value has a wrong type for \"title\": x.\n Expects null",
      ],
      [
        { field: 'price', operator: 'equal', value: 'abc' },
        'Invalid condition on field \'price\' with operator \'Equal\': The given value has a wrong type for "price": NaN.\n Expects "Number",null',
      ],
      [
        { field: 'price', operator: 'equal', value: '' },
        'Invalid condition on field \'price\' with operator \'Equal\': The given value has a wrong type for "price": NaN.\n Expects "Number",null',
      ],
      [
        { field: 'status', operator: 'equal', value: 'gone' },
        "Invalid condition on field 'status' with operator 'Equal': The given enum value(s) gone is not listed in [draft,review,published]",
      ],
    ])('reports %j', (raw, reason) => {
      expect(thrown(() => parseConditionTree(raw, books))).toMatchObject({
        code: 'ValidationError',
        message: `Invalid filters (${reason})`,
      });
    });

    it('reports an operator the column does not support', () => {
      const error = thrown(() =>
        parseConditionTree({ field: 'price', operator: 'contains', value: 'a' }, books),
      );
      expect(error.message).toMatch(
        /^Invalid filters \(The given operator 'Contains' is not supported by the column: 'price'\./,
      );
    });

    it('reports an unknown field, listing the available ones', () => {
      const error = thrown(() => parseConditionTree({ field: 'foo', operator: 'present' }, books));
      expect(error.message).toMatch(
        /^Invalid filters \(Invalid condition on field 'foo' with operator 'Present': The 'books.foo' field was not found\. Available fields are: \['id', 'title',/,
      );
    });

    it('reports a to-many path', () => {
      const error = thrown(() =>
        parseConditionTree({ field: 'reviews:content', operator: 'present' }, books),
      );
      expect(error.message).toBe(
        "Invalid filters (Invalid condition on field 'reviews:content' with operator 'Present': " +
          "Unexpected field type: 'books.reviews' (found 'OneToMany' expected 'ManyToOne' or 'OneToOne'))",
      );
    });

    it('keeps the original error as cause', () => {
      expect(thrown(() => parseConditionTree('{oops', books)).cause).toBeInstanceOf(SyntaxError);
    });
  });
});

describe('parseFilters', () => {
  it('reads the filters parameter', () => {
    expect(
      parseFilters(
        { filters: '{"field":"title","operator":"equal","value":"Dune"}' },
        books,
      )?.toJSON(),
    ).toEqual({
      field: 'title',
      operator: 'Equal',
      value: 'Dune',
    });
  });

  it('reads an object of a merged subset query', () => {
    expect(
      parseFilters({ filters: { field: 'price', operator: 'equal', value: '1' } }, books)?.toJSON(),
    ).toEqual({
      field: 'price',
      operator: 'Equal',
      value: 1,
    });
  });

  it('is undefined without filters', () => {
    expect(parseFilters({}, books)).toBeUndefined();
  });
});
