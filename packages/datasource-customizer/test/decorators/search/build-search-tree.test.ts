import { createInMemoryDataSource, type Collection } from '@grove/datasource-toolkit';
import { buildSearchTree } from '../../../src/decorators/search/build-search-tree';
import type { SearchOptions } from '../../../src/decorators/search/search-definition';
import {
  maxSearchNesting,
  parseSearchQuery,
} from '../../../src/decorators/search/parse-search-query';
import { createDirectory } from './search-fixture';

const people = createDirectory().getCollection('people');

function tree(query: string, options: SearchOptions = {}, collection: Collection = people) {
  return buildSearchTree(collection, query, options, 'Europe/Paris')?.toJSON() ?? null;
}

const name = (operator: string, value: unknown) => ({ field: 'name', operator, value });

describe('parseSearchQuery', () => {
  it('returns null for a blank query', () => {
    expect(parseSearchQuery('  ')).toBeNull();
  });

  it('binds AND tighter than OR', () => {
    expect(parseSearchQuery('a b OR c')).toEqual({
      kind: 'Or',
      nodes: [
        {
          kind: 'And',
          nodes: [
            { kind: 'Term', value: 'a', field: null, negated: false, quoted: false },
            { kind: 'Term', value: 'b', field: null, negated: false, quoted: false },
          ],
        },
        { kind: 'Term', value: 'c', field: null, negated: false, quoted: false },
      ],
    });
  });

  it('reads quoted phrases, negations and field names', () => {
    expect(parseSearchQuery('-title:"left hand"')).toEqual({
      kind: 'Term',
      value: 'left hand',
      field: 'title',
      negated: true,
      quoted: true,
    });
  });

  it('keeps parentheses inside a word', () => {
    expect(parseSearchQuery('(f(o)o)')).toEqual({
      kind: 'Term',
      value: 'f(o)o',
      field: null,
      negated: false,
      quoted: false,
    });
  });

  it('searches unparsable input as one term', () => {
    for (const query of ['"open', 'a OR', '(a b', 'a)', 'AND a']) {
      expect(parseSearchQuery(query)).toEqual({
        kind: 'Term',
        value: query,
        field: null,
        negated: false,
        quoted: false,
      });
    }
  });
});

// Adversarial input: a quadratic parser would make these tests take half a minute (300 000
// characters; 40 000 already took half a second), an unbounded recursive one overflow the stack.
// The suite itself is the guard (no timed assertion).
describe('parseSearchQuery on adversarial input', () => {
  const term = (value: string) => ({
    kind: 'Term',
    value,
    field: null,
    negated: false,
    quoted: false,
  });

  it('reads a word of 300 000 closing parentheses ending with a letter as one term', () => {
    const query = `a${')'.repeat(300_000)}x`;

    expect(parseSearchQuery(query)).toEqual(term(query));
  });

  it('searches 40 000 closing parentheses, which do not parse, as one term', () => {
    const query = ')'.repeat(40_000);

    expect(parseSearchQuery(query)).toEqual(term(query));
  });

  it('searches 40 000 opening parentheses as one term instead of overflowing the stack', () => {
    const query = '('.repeat(40_000);

    expect(parseSearchQuery(query)).toEqual(term(query));
  });

  it(`parses ${maxSearchNesting} nested groups and searches deeper ones as one term`, () => {
    const nested = (depth: number) => `${'('.repeat(depth)}dune${')'.repeat(depth)}`;

    expect([
      parseSearchQuery(nested(maxSearchNesting)),
      parseSearchQuery(nested(maxSearchNesting + 1)),
    ]).toEqual([term('dune'), term(nested(maxSearchNesting + 1))]);
  });

  it('closes groups with the parentheses ending a word', () => {
    expect(parseSearchQuery('(a OR (b c))')).toEqual({
      kind: 'Or',
      nodes: [term('a'), { kind: 'And', nodes: [term('b'), term('c')] }],
    });
  });
});

describe('buildSearchTree on adversarial numbers', () => {
  it('does not read 300 000 digits followed by a letter as a number (matches nothing)', () => {
    expect(tree(`balance:${'1'.repeat(300_000)}x`)).toEqual({ aggregator: 'Or', conditions: [] });
  });

  it('reads 40 000 digits as a number', () => {
    expect(tree(`balance:>${'1'.repeat(40_000)}`)).toEqual({
      field: 'balance',
      operator: 'GreaterThan',
      value: Number('1'.repeat(40_000)),
    });
  });
});

describe('buildSearchTree', () => {
  it('searches a phrase', () => {
    expect(tree('"bob stone"', { onlyFields: ['name'] })).toEqual(name('IContains', 'bob stone'));
  });

  it('negates a term on every field, allowing missing values', () => {
    expect(tree('-bob', { onlyFields: ['name', 'balance'] })).toEqual({
      aggregator: 'Or',
      conditions: [name('NotIContains', 'bob'), { field: 'name', operator: 'Missing' }],
    });
  });

  it('ANDs the fields of a negated term', () => {
    expect(tree('-banned', { onlyFields: ['name', 'status'] })).toEqual({
      aggregator: 'And',
      conditions: [
        {
          aggregator: 'Or',
          conditions: [name('NotIContains', 'banned'), { field: 'name', operator: 'Missing' }],
        },
        {
          aggregator: 'Or',
          conditions: [
            { field: 'status', operator: 'NotEqual', value: 'banned' },
            { field: 'status', operator: 'Missing' },
          ],
        },
      ],
    });
  });

  it('searches an empty quoted value of a string field with Equal', () => {
    expect(tree('name:""')).toEqual(name('Equal', ''));
  });

  it('translates number comparisons, negated ones included', () => {
    expect(tree('balance:<=5')).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'balance', operator: 'LessThan', value: 5 },
        { field: 'balance', operator: 'Equal', value: 5 },
      ],
    });
    expect(tree('-balance:>5')).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'balance', operator: 'LessThan', value: 5 },
        { field: 'balance', operator: 'Equal', value: 5 },
        { field: 'balance', operator: 'Missing' },
      ],
    });
  });

  it('turns a date period into bounds in the caller timezone', () => {
    const events = createInMemoryDataSource({
      collections: {
        events: {
          fields: {
            id: { type: 'Column', columnType: 'Number', isPrimaryKey: true },
            at: { type: 'Column', columnType: 'Date' },
          },
        },
      },
    }).getCollection('events');

    expect(tree('at:2024-03', {}, events)).toEqual({
      aggregator: 'And',
      conditions: [
        {
          aggregator: 'Or',
          conditions: [
            { field: 'at', operator: 'Equal', value: '2024-02-29T23:00:00Z' },
            { field: 'at', operator: 'After', value: '2024-02-29T23:00:00Z' },
          ],
        },
        { field: 'at', operator: 'Before', value: '2024-03-31T22:00:00Z' },
      ],
    });
  });

  it('negates a date period', () => {
    expect(tree('-birthDate:1990')).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'birthDate', operator: 'Before', value: '1990-01-01' },
        { field: 'birthDate', operator: 'After', value: '1991-01-01' },
        { field: 'birthDate', operator: 'Equal', value: '1991-01-01' },
        { field: 'birthDate', operator: 'Missing' },
      ],
    });
  });

  it('ignores years out of range', () => {
    expect(tree('birthDate:1700')).toEqual({ aggregator: 'Or', conditions: [] });
  });

  it('searches NULL as Missing, and -NULL as Present', () => {
    expect(tree('NULL', { onlyFields: ['name'] })).toEqual({ field: 'name', operator: 'Missing' });
    expect(tree('-NULL', { onlyFields: ['name'] })).toEqual({ field: 'name', operator: 'Present' });
  });

  it('adds included fields and removes excluded ones', () => {
    expect(
      tree('acme', { includeFields: ['company:name'], excludeFields: ['name', 'tags'] }),
    ).toEqual({ field: 'company:name', operator: 'IContains', value: 'acme' });
  });

  it('matches everything with an OR of an unrestricted negation', () => {
    expect(tree('-vip:maybe OR bob')).toBeNull();
  });
});
