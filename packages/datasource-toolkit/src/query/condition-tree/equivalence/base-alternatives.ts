import { ConditionTreeLeaf } from '../nodes/condition-tree-leaf';
import { combine, valueList, type AlternativeTable } from './alternative';

/** Escapes every character with a meaning in a regular expression (outside a character class). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Presence, equality and membership: Blank, Missing, Present, Equal, NotEqual, In, NotIn.
 *
 * @example
 * ```ts
 * baseAlternatives.Equal?.[0]?.replacer(new ConditionTreeLeaf('id', 'Equal', 3), context);
 * // id In [3]
 * ```
 */
export const baseAlternatives: AlternativeTable = {
  Blank: [
    {
      dependsOn: ['In'],
      forTypes: ['String'],
      replacer: leaf => leaf.override({ operator: 'In', value: [null, ''] }),
    },
    {
      dependsOn: ['Missing'],
      replacer: leaf => leaf.override({ operator: 'Missing', value: undefined }),
    },
  ],
  Missing: [
    { dependsOn: ['Equal'], replacer: leaf => leaf.override({ operator: 'Equal', value: null }) },
  ],
  Present: [
    {
      dependsOn: ['NotIn'],
      forTypes: ['String'],
      replacer: leaf => leaf.override({ operator: 'NotIn', value: [null, ''] }),
    },
    {
      dependsOn: ['NotEqual'],
      replacer: leaf => leaf.override({ operator: 'NotEqual', value: null }),
    },
  ],
  Equal: [
    { dependsOn: ['In'], replacer: leaf => leaf.override({ operator: 'In', value: [leaf.value] }) },
  ],
  NotEqual: [
    {
      dependsOn: ['NotIn'],
      replacer: leaf => leaf.override({ operator: 'NotIn', value: [leaf.value] }),
    },
  ],
  In: [
    {
      // One regex for the plain values; null and '' need Equal (a regex never matches null).
      dependsOn: ['Equal', 'Match'],
      forTypes: ['String'],
      replacer: leaf => {
        const values = valueList(leaf.value);
        const others = values.filter(
          value => value !== null && value !== undefined && value !== '',
        );
        const conditions = [null, '']
          .filter(special => values.some(value => (value ?? null) === special))
          .map(special => new ConditionTreeLeaf(leaf.field, 'Equal', special));
        if (others.length > 0) {
          const source = [...new Set(others.map(value => escapeRegExp(String(value))))].join('|');
          conditions.push(
            new ConditionTreeLeaf(leaf.field, 'Match', new RegExp(`^(?:${source})$`)),
          );
        }

        return combine('Or', conditions);
      },
    },
    {
      dependsOn: ['Equal'],
      replacer: leaf =>
        combine(
          'Or',
          valueList(leaf.value).map(value => new ConditionTreeLeaf(leaf.field, 'Equal', value)),
        ),
    },
  ],
  NotIn: [
    // Grove has no regex form for NotIn (the vendor's is unanchored,
    // docs/decisions.md#d15-no-regex-for-notin): a negative regex would also reject null values,
    // which `NotIn ['a']` keeps.
    {
      dependsOn: ['NotEqual'],
      replacer: leaf =>
        combine(
          'And',
          valueList(leaf.value).map(value => new ConditionTreeLeaf(leaf.field, 'NotEqual', value)),
        ),
    },
  ],
};
