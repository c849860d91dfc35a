import { describe, expect, it } from '@jest/globals';
import { ConditionTreeBranch } from '../../../src/query/condition-tree/nodes/condition-tree-branch';
import { ConditionTreeLeaf } from '../../../src/query/condition-tree/nodes/condition-tree-leaf';
import { books } from './books';

const dune = new ConditionTreeLeaf('title', 'Equal', 'Dune');
const cheap = new ConditionTreeLeaf('price', 'LessThan', 10);
const byAda = new ConditionTreeLeaf('author:name', 'Equal', 'Ada');

describe('ConditionTreeBranch', () => {
  describe('match', () => {
    const and = new ConditionTreeBranch('And', [dune, cheap]);
    const or = new ConditionTreeBranch('Or', [dune, cheap]);

    it('matches an And when every condition matches', () => {
      expect(and.match({ title: 'Dune', price: 5 }, books, 'UTC')).toBe(true);
    });

    it('does not match an And when one condition fails', () => {
      expect(and.match({ title: 'Dune', price: 50 }, books, 'UTC')).toBe(false);
    });

    it('matches an Or when one condition matches', () => {
      expect(or.match({ title: 'Emma', price: 5 }, books, 'UTC')).toBe(true);
    });

    it('does not match an Or when no condition matches', () => {
      expect(or.match({ title: 'Emma', price: 50 }, books, 'UTC')).toBe(false);
    });

    it('matches every record with an empty And', () => {
      expect(new ConditionTreeBranch('And', []).match({}, books, 'UTC')).toBe(true);
    });

    it('matches no record with an empty Or', () => {
      expect(new ConditionTreeBranch('Or', []).match({}, books, 'UTC')).toBe(false);
    });

    it('filters records with apply', () => {
      const records = [
        { title: 'Dune', price: 5 },
        { title: 'Emma', price: 5 },
        { title: 'Dune', price: 50 },
      ];

      expect(and.apply(records, books, 'UTC')).toEqual([{ title: 'Dune', price: 5 }]);
    });
  });

  it('inverts by swapping the aggregator and inverting each condition', () => {
    const tree = new ConditionTreeBranch('And', [dune, new ConditionTreeLeaf('title', 'Blank')]);

    expect(tree.inverse().toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'title', operator: 'NotEqual', value: 'Dune' },
        { field: 'title', operator: 'Present' },
      ],
    });
  });

  it('cannot invert a branch holding a non-invertible leaf', () => {
    expect(() => new ConditionTreeBranch('Or', [dune, cheap]).inverse()).toThrow(
      "Operator 'LessThan' cannot be inverted.",
    );
  });

  it('replaces every leaf, recursively', () => {
    const tree = new ConditionTreeBranch('Or', [dune, new ConditionTreeBranch('And', [cheap])]);
    const replaced = tree.replaceLeafs(leaf => leaf.override({ field: `x_${leaf.field}` }));

    expect(replaced.toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'x_title', operator: 'Equal', value: 'Dune' },
        { aggregator: 'And', conditions: [{ field: 'x_price', operator: 'LessThan', value: 10 }] },
      ],
    });
  });

  it('gives back the same tree when no leaf changes, a new one as soon as one does', async () => {
    const inner = new ConditionTreeBranch('And', [cheap]);
    const tree = new ConditionTreeBranch('Or', [dune, inner]);

    expect(tree.replaceLeafs(leaf => leaf)).toBe(tree);
    expect(await tree.replaceLeafsAsync(async leaf => leaf)).toBe(tree);
    expect(tree.replaceFields(field => field)).toBe(tree);
    const renamed = tree.replaceLeafs(leaf =>
      leaf === cheap ? leaf.override({ value: 5 }) : leaf,
    );
    expect(renamed).not.toBe(tree);
    // The untouched leaf is shared, the changed branch is new; the original is unchanged.
    expect((renamed as ConditionTreeBranch).conditions[0]).toBe(dune);
    expect((renamed as ConditionTreeBranch).conditions[1]).not.toBe(inner);
    expect(tree.toJSON()).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'title', operator: 'Equal', value: 'Dune' },
        { aggregator: 'And', conditions: [{ field: 'price', operator: 'LessThan', value: 10 }] },
      ],
    });
  });

  it('replaces every leaf with an asynchronous handler', async () => {
    const tree = new ConditionTreeBranch('And', [dune, cheap]);
    const replaced = await tree.replaceLeafsAsync(async leaf => ({
      field: leaf.field,
      operator: 'Present',
    }));

    expect(replaced.toJSON()).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'title', operator: 'Present' },
        { field: 'price', operator: 'Present' },
      ],
    });
  });

  it('visits every leaf in order with forEachLeaf', () => {
    const fields: string[] = [];
    new ConditionTreeBranch('Or', [
      dune,
      new ConditionTreeBranch('And', [cheap, byAda]),
    ]).forEachLeaf(leaf => fields.push(leaf.field));

    expect(fields).toEqual(['title', 'price', 'author:name']);
  });

  it('tells whether every leaf satisfies a predicate', () => {
    const tree = new ConditionTreeBranch('And', [dune, cheap]);

    expect([
      tree.everyLeaf(leaf => leaf.field !== ''),
      tree.everyLeaf(leaf => leaf.field === 'title'),
    ]).toEqual([true, false]);
  });

  it('tells whether some leaf satisfies a predicate', () => {
    const tree = new ConditionTreeBranch('And', [dune, cheap]);

    expect([
      tree.someLeaf(leaf => leaf.field === 'price'),
      tree.someLeaf(leaf => leaf.field === 'x'),
    ]).toEqual([true, false]);
  });

  it('projects the union of its leaf fields', () => {
    const tree = new ConditionTreeBranch('Or', [
      dune,
      byAda,
      new ConditionTreeLeaf('title', 'Present'),
    ]);

    expect([...tree.projection]).toEqual(['title', 'author:name']);
  });

  it('nests every field under a prefix', () => {
    expect(new ConditionTreeBranch('And', [dune, byAda]).nest('book').toJSON()).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'book:title', operator: 'Equal', value: 'Dune' },
        { field: 'book:author:name', operator: 'Equal', value: 'Ada' },
      ],
    });
  });

  it('unnests the first segment shared by every leaf', () => {
    const tree = new ConditionTreeBranch('And', [dune, byAda]).nest('book');

    expect(tree.unnest().toJSON()).toEqual(new ConditionTreeBranch('And', [dune, byAda]).toJSON());
  });

  it('cannot unnest leaves with different first segments', () => {
    const tree = new ConditionTreeBranch('And', [dune.nest('a'), cheap.nest('b')]);

    expect(() => tree.unnest()).toThrow(
      expect.objectContaining({
        code: 'ValidationError',
        message: 'Cannot unnest condition tree.',
      }),
    );
  });

  it('renames every field with replaceFields', () => {
    expect(
      new ConditionTreeBranch('Or', [dune, cheap]).replaceFields(f => `${f}2`).toJSON(),
    ).toEqual({
      aggregator: 'Or',
      conditions: [
        { field: 'title2', operator: 'Equal', value: 'Dune' },
        { field: 'price2', operator: 'LessThan', value: 10 },
      ],
    });
  });

  it('does not change when transformed (immutability)', () => {
    const tree = new ConditionTreeBranch('And', [dune, cheap]);
    tree.nest('book');
    tree.replaceLeafs(leaf => leaf.override({ operator: 'Present' }));

    expect(tree.toJSON()).toEqual({
      aggregator: 'And',
      conditions: [
        { field: 'title', operator: 'Equal', value: 'Dune' },
        { field: 'price', operator: 'LessThan', value: 10 },
      ],
    });
  });
});
