import type { AggregateResult, AggregationComponents } from '../../query/aggregation';
import type { PlainConditionTree } from '../../query/condition-tree/nodes/condition-tree';

/** An aggregate on `books` with its exact rows (value descending; ties in any order). */
export interface AggregateCase {
  readonly name: string;
  readonly aggregation: AggregationComponents;
  readonly filter?: PlainConditionTree;
  readonly timezone?: string;
  readonly limit?: number;
  /** Compared with `toBeCloseTo` (Avg) rather than exactly. */
  readonly approximate?: boolean;
  readonly expected: readonly AggregateResult[];
}

const nothing: PlainConditionTree = { field: 'title', operator: 'Equal', value: 'Nowhere' };
const row = (value: unknown, group: Record<string, unknown> = {}): AggregateResult => ({
  value,
  group,
});
const byDate = (
  operation: 'Year' | 'Quarter' | 'Month' | 'Week' | 'Day',
  field = 'publishedAt',
) => ({
  operation: 'Count' as const,
  groups: [{ field, operation }],
});

/**
 * Aggregates with their expected rows, written by hand. Prices: 12.5, 8.99, 20, 0, 12.5, null,
 * 15.25. Date groups are the first day of the period in the caller's timezone, `YYYY-MM-DD`;
 * records without a date form a `null` group.
 */
export const aggregateCases: readonly AggregateCase[] = [
  { name: 'Count', aggregation: { operation: 'Count' }, expected: [row(7)] },
  {
    name: 'Count of a field skips nulls',
    aggregation: { operation: 'Count', field: 'price' },
    expected: [row(6)],
  },
  {
    name: 'Sum',
    aggregation: { operation: 'Sum', field: 'price' },
    approximate: true,
    expected: [row(69.24)],
  },
  {
    name: 'Avg',
    aggregation: { operation: 'Avg', field: 'price' },
    approximate: true,
    expected: [row(11.54)],
  },
  { name: 'Min', aggregation: { operation: 'Min', field: 'price' }, expected: [row(0)] },
  { name: 'Max', aggregation: { operation: 'Max', field: 'price' }, expected: [row(20)] },
  {
    name: 'Sum of integers',
    aggregation: { operation: 'Sum', field: 'pages' },
    expected: [row(1170)],
  },
  {
    name: 'Count with a filter',
    aggregation: { operation: 'Count' },
    filter: { field: 'published', operator: 'Equal', value: true },
    expected: [row(4)],
  },
  {
    name: 'Count of nothing is 0',
    aggregation: { operation: 'Count' },
    filter: nothing,
    expected: [row(0)],
  },
  {
    name: 'Sum of nothing is 0',
    aggregation: { operation: 'Sum', field: 'price' },
    filter: nothing,
    expected: [row(0)],
  },
  {
    name: 'Avg of nothing is null',
    aggregation: { operation: 'Avg', field: 'price' },
    filter: nothing,
    expected: [row(null)],
  },
  {
    name: 'Min of nothing is null',
    aggregation: { operation: 'Min', field: 'price' },
    filter: nothing,
    expected: [row(null)],
  },
  {
    name: 'Max of nothing is null',
    aggregation: { operation: 'Max', field: 'price' },
    filter: nothing,
    expected: [row(null)],
  },
  {
    name: 'Count grouped by a field',
    aggregation: { operation: 'Count', groups: [{ field: 'genre' }] },
    expected: [
      row(3, { genre: 'Fiction' }),
      row(2, { genre: 'Poetry' }),
      row(1, { genre: 'Science' }),
      row(1, { genre: null }),
    ],
  },
  {
    name: 'Count grouped by a field, limit 2',
    aggregation: { operation: 'Count', groups: [{ field: 'genre' }] },
    limit: 2,
    expected: [row(3, { genre: 'Fiction' }), row(2, { genre: 'Poetry' })],
  },
  {
    name: 'Sum grouped by a field',
    aggregation: { operation: 'Sum', field: 'price', groups: [{ field: 'genre' }] },
    filter: { field: 'genre', operator: 'Present' },
    approximate: true,
    expected: [
      row(45, { genre: 'Fiction' }),
      row(24.24, { genre: 'Poetry' }),
      row(0, { genre: 'Science' }),
    ],
  },
  {
    name: 'Count grouped by a relation path',
    aggregation: { operation: 'Count', groups: [{ field: 'author:name' }] },
    expected: [
      row(2, { 'author:name': 'Ada' }),
      row(2, { 'author:name': 'Bao' }),
      row(2, { 'author:name': null }),
      row(1, { 'author:name': 'Cyd' }),
    ],
  },
  {
    name: 'Avg grouped by a relation path',
    aggregation: { operation: 'Avg', field: 'price', groups: [{ field: 'author:name' }] },
    filter: { field: 'author:name', operator: 'Present' },
    approximate: true,
    expected: [
      row(16.25, { 'author:name': 'Ada' }),
      row(12.12, { 'author:name': 'Bao' }),
      row(0, { 'author:name': 'Cyd' }),
    ],
  },
  {
    name: 'by Year in UTC',
    aggregation: byDate('Year'),
    timezone: 'UTC',
    expected: [
      row(5, { publishedAt: '2024-01-01' }),
      row(1, { publishedAt: '2023-01-01' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'by Year in Europe/Paris (2023-12-31T23:30Z is 2024 there)',
    aggregation: byDate('Year'),
    timezone: 'Europe/Paris',
    expected: [row(6, { publishedAt: '2024-01-01' }), row(1, { publishedAt: null })],
  },
  {
    name: 'by Quarter in Europe/Paris',
    aggregation: byDate('Quarter'),
    timezone: 'Europe/Paris',
    expected: [
      row(4, { publishedAt: '2024-10-01' }),
      row(2, { publishedAt: '2024-01-01' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'by Month in Europe/Paris',
    aggregation: byDate('Month'),
    timezone: 'Europe/Paris',
    expected: [
      row(4, { publishedAt: '2024-10-01' }),
      row(1, { publishedAt: '2024-01-01' }),
      row(1, { publishedAt: '2024-03-01' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'by Week (Monday) in Europe/Paris, across the October DST change',
    aggregation: byDate('Week'),
    timezone: 'Europe/Paris',
    expected: [
      row(3, { publishedAt: '2024-10-21' }),
      row(1, { publishedAt: '2024-01-01' }),
      row(1, { publishedAt: '2024-03-25' }),
      row(1, { publishedAt: '2024-09-30' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'by Day in Europe/Paris',
    aggregation: byDate('Day'),
    timezone: 'Europe/Paris',
    expected: [
      row(3, { publishedAt: '2024-10-27' }),
      row(1, { publishedAt: '2024-01-01' }),
      row(1, { publishedAt: '2024-03-31' }),
      row(1, { publishedAt: '2024-10-01' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'by Day in America/Los_Angeles',
    aggregation: byDate('Day'),
    timezone: 'America/Los_Angeles',
    expected: [
      row(2, { publishedAt: '2024-10-26' }),
      row(1, { publishedAt: '2023-12-31' }),
      row(1, { publishedAt: '2024-03-30' }),
      row(1, { publishedAt: '2024-09-30' }),
      row(1, { publishedAt: '2024-10-27' }),
      row(1, { publishedAt: null }),
    ],
  },
  {
    name: 'Dateonly by Month in Europe/Paris (calendar dates never shift)',
    aggregation: byDate('Month', 'releaseDate'),
    timezone: 'Europe/Paris',
    expected: [
      row(2, { releaseDate: '2024-10-01' }),
      row(1, { releaseDate: '2023-12-01' }),
      row(1, { releaseDate: '2024-03-01' }),
      row(1, { releaseDate: '2024-09-01' }),
      row(1, { releaseDate: '2025-01-01' }),
      row(1, { releaseDate: null }),
    ],
  },
  {
    name: 'Sum by Month in Europe/Paris',
    aggregation: {
      operation: 'Sum',
      field: 'price',
      groups: [{ field: 'publishedAt', operation: 'Month' }],
    },
    filter: { field: 'publishedAt', operator: 'Present' },
    timezone: 'Europe/Paris',
    approximate: true,
    expected: [
      row(44.24, { publishedAt: '2024-10-01' }),
      row(12.5, { publishedAt: '2024-01-01' }),
      row(12.5, { publishedAt: '2024-03-01' }),
    ],
  },
];
