import { tagIds } from '../fixture/tags-fixture';
import type { PlainConditionTree } from '../../query/condition-tree/nodes/condition-tree';
import type { TreeCase } from './case-types';

/** Matches two rows of `bookTags` by their composite primary key: (1, rare) and (5, modern). */
export const twoBookTagsTree: PlainConditionTree = {
  aggregator: 'Or',
  conditions: [
    {
      aggregator: 'And',
      conditions: [
        { field: 'bookId', operator: 'Equal', value: 1 },
        { field: 'tagId', operator: 'Equal', value: tagIds.rare },
      ],
    },
    {
      aggregator: 'And',
      conditions: [
        { field: 'bookId', operator: 'Equal', value: 5 },
        { field: 'tagId', operator: 'Equal', value: tagIds.modern },
      ],
    },
  ],
};

const t = (pk: number, tag: keyof typeof tagIds): string => `${pk}|${tagIds[tag]}`;

/**
 * Expected ids of filters crossing relations (a missing related record reads as null, like a
 * LEFT JOIN) and of And / Or branches, including the empty ones (And [] is everything,
 * Or [] is nothing) and a composite primary-key match.
 */
export const treeCases: readonly TreeCase[] = [
  {
    name: 'ManyToOne path',
    collection: 'books',
    tree: { field: 'author:name', operator: 'Equal', value: 'Ada' },
    expected: [1, 3],
  },
  {
    name: 'ManyToOne path, NotEqual keeps books without author',
    collection: 'books',
    tree: { field: 'author:name', operator: 'NotEqual', value: 'Ada' },
    expected: [2, 4, 5, 6, 7],
  },
  {
    name: 'ManyToOne path, Missing on a null column and on missing authors',
    collection: 'books',
    tree: { field: 'author:country', operator: 'Missing' },
    expected: [4, 5, 6],
  },
  {
    name: 'ManyToOne then OneToOne path',
    collection: 'books',
    tree: { field: 'author:profile:bio', operator: 'Contains', value: '東京' },
    expected: [2, 7],
  },
  {
    name: 'OneToOne path, Present',
    collection: 'authors',
    tree: { field: 'profile:bio', operator: 'Present' },
    expected: [1, 2],
  },
  {
    name: 'OneToOne path, Missing',
    collection: 'authors',
    tree: { field: 'profile:bio', operator: 'Missing' },
    expected: [3, 4],
  },
  {
    name: 'ManyToOne path from a child with an orphan',
    collection: 'profiles',
    tree: { field: 'author:name', operator: 'In', value: ['Ada', 'Bao'] },
    expected: [10, 11],
  },
  {
    name: 'composite primary key, ManyToOne path',
    collection: 'bookTags',
    tree: { field: 'book:title', operator: 'StartsWith', value: 'A' },
    expected: [t(1, 'classic'), t(1, 'rare')],
  },
  {
    name: 'composite primary key, Uuid ManyToOne path',
    collection: 'bookTags',
    tree: { field: 'tag:label', operator: 'Equal', value: 'Modern' },
    expected: [t(2, 'modern'), t(5, 'modern')],
  },
  {
    name: 'composite primary key match',
    collection: 'bookTags',
    tree: twoBookTagsTree,
    expected: [t(1, 'rare'), t(5, 'modern')],
  },
  {
    name: 'Or branch',
    collection: 'books',
    tree: {
      aggregator: 'Or',
      conditions: [
        { field: 'genre', operator: 'Equal', value: 'Poetry' },
        { field: 'price', operator: 'GreaterThan', value: 15 },
      ],
    },
    expected: [2, 3, 7],
  },
  {
    name: 'And branch',
    collection: 'books',
    tree: {
      aggregator: 'And',
      conditions: [
        { field: 'published', operator: 'Equal', value: true },
        { field: 'price', operator: 'LessThan', value: 15 },
      ],
    },
    expected: [1, 5],
  },
  {
    name: 'empty And',
    collection: 'books',
    tree: { aggregator: 'And', conditions: [] },
    expected: [1, 2, 3, 4, 5, 6, 7],
  },
  {
    name: 'empty Or',
    collection: 'books',
    tree: { aggregator: 'Or', conditions: [] },
    expected: [],
  },
];
