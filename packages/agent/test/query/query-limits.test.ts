import { parseConditionTree } from '../../src/query/parse-condition-tree';
import { parseProjection } from '../../src/query/parse-projection';
import { parseSearch } from '../../src/query/parse-search';
import { parseSelection } from '../../src/query/parse-selection';
import { parseSort } from '../../src/query/parse-sort';
import { parseTimezone } from '../../src/query/parse-timezone';
import { queryLimits } from '../../src/query/query-limits';
import { collection, thrown } from './library';

const books = collection('books');
const leaf = { field: 'title', operator: 'Equal', value: 'Dune' };

/** `depth` nested `And` branches around one leaf, built without recursion. */
function nested(depth: number): unknown {
  let tree: unknown = leaf;
  for (let i = 0; i < depth; i += 1) tree = { aggregator: 'And', conditions: [tree, leaf] };

  return tree;
}

function ids(count: number): { data: { attributes: { ids: string[] } } } {
  return { data: { attributes: { ids: Array.from({ length: count }, (_, i) => String(i + 1)) } } };
}

describe('query limits', () => {
  describe('search', () => {
    it(`keeps a search of ${queryLimits.searchLength} characters`, () => {
      const search = ')'.repeat(queryLimits.searchLength);

      expect(parseSearch({ search }, books)).toEqual({ search, searchExtended: false });
    });

    it('refuses 40 000 characters, naming the limit', () => {
      expect(thrown(() => parseSearch({ search: ')'.repeat(40_000) }, books))).toMatchObject({
        code: 'ValidationError',
        message: 'Search is too long: 40000 characters (at most 1000)',
      });
    });
  });

  describe('filters', () => {
    it(`parses ${queryLimits.filtersDepth} nested branches`, () => {
      expect(parseConditionTree(nested(queryLimits.filtersDepth), books)).toBeDefined();
    });

    it.each([
      ['one level too deep', nested(queryLimits.filtersDepth + 1), 'nested deeper than 16 levels'],
      ['100 000 levels deep', nested(100_000), 'nested deeper than 16 levels'],
      [
        'more conditions than the limit',
        { aggregator: 'Or', conditions: Array.from({ length: 1001 }, () => leaf) },
        'more than 1000 conditions',
      ],
    ])('refuses a tree %s, before building it', (_, tree, reason) => {
      expect(thrown(() => parseConditionTree(tree, books))).toMatchObject({
        code: 'ValidationError',
        message: `Invalid filters (${reason})`,
      });
    });

    it('refuses a deep tree sent as JSON text', () => {
      const depth = 2_000;
      const text = `${'{"aggregator":"And","conditions":['.repeat(depth)}${JSON.stringify(leaf)}${']}'.repeat(depth)}`;

      expect(text.length).toBeLessThan(queryLimits.filtersLength);
      expect(thrown(() => parseConditionTree(text, books)).message).toBe(
        'Invalid filters (nested deeper than 16 levels)',
      );
    });

    it('refuses a JSON text longer than the limit before parsing it', () => {
      const text = `{"field":"title","operator":"Equal","value":"${'x'.repeat(100_000)}"}`;

      expect(thrown(() => parseConditionTree(text, books)).message).toBe(
        'Invalid filters (longer than 100000 characters)',
      );
    });

    it(`keeps ${queryLimits.filtersConditions} conditions`, () => {
      const tree = { aggregator: 'Or', conditions: Array.from({ length: 1000 }, () => leaf) };

      expect(parseConditionTree(tree, books)?.toJSON()).toEqual(tree);
    });
  });

  describe('sort, projection, selection', () => {
    it('refuses more than 32 sort fields', () => {
      expect(parseSort({ sort: Array(32).fill('title').join(',') }, books)).toHaveLength(32);
      expect(
        thrown(() => parseSort({ sort: Array(33).fill('title').join(',') }, books)),
      ).toMatchObject({ code: 'ValidationError', message: 'Invalid sort: more than 32 fields' });
    });

    it('refuses more than 1000 projected fields', () => {
      const fields = (count: number) => ({ 'fields[books]': Array(count).fill('title').join(',') });

      expect([...parseProjection(fields(1000), {}, books)]).toEqual(['id', 'title']);
      expect(thrown(() => parseProjection(fields(1001), {}, books)).message).toBe(
        'Invalid projection: more than 1000 fields',
      );
      expect(
        thrown(() => parseProjection({}, { 'forest-projection': Array(1001).fill('title') }, books))
          .message,
      ).toBe('Invalid Forest-Projection header: more than 1000 fields');
    });

    it('refuses more than 10 000 ids or excluded ids in a selection', () => {
      const excluded = {
        data: {
          attributes: {
            all_records: true,
            all_records_ids_excluded: ids(10_001).data.attributes.ids,
          },
        },
      };

      expect(parseSelection(ids(10_000), {}, books).ids).toHaveLength(10_000);
      expect(thrown(() => parseSelection(ids(10_001), {}, books))).toMatchObject({
        code: 'ValidationError',
        message: 'Too many ids: 10001 (at most 10000 in one selection)',
      });
      expect(thrown(() => parseSelection(excluded, {}, books)).message).toBe(
        'Too many ids: 10001 (at most 10000 in one selection)',
      );
    });
  });

  describe('timezone', () => {
    it('names every case variant of a zone canonically', () => {
      const variants = ['Europe/Paris', 'europe/paris', 'EUROPE/PARIS', 'eUrOpE/pArIs'];

      expect(new Set(variants.map(timezone => parseTimezone({ timezone })))).toEqual(
        new Set(['Europe/Paris']),
      );
    });

    it('refuses a timezone longer than 64 characters without echoing it', () => {
      expect(thrown(() => parseTimezone({ timezone: 'x'.repeat(100_000) })).message).toBe(
        'Invalid timezone: longer than 64 characters',
      );
    });
  });
});
