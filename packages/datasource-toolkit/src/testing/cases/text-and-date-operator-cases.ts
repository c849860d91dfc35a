import type { OperatorCase } from './case-types';

/**
 * Expected ids of every String operator on `books.summary`:
 * 1 'Crème brûlée recipes', 2 '東京 travel guide', 3 'Party time 🎉', 4 '', 5 'Travel notes',
 * 6 null, 7 'Ice & snow'. Contains/StartsWith/EndsWith/Like are case-sensitive; lengths count
 * characters, not bytes (emoji lengths are kept away from the thresholds).
 */
export const stringOperatorCases: readonly OperatorCase[] = [
  { field: 'summary', operator: 'Equal', value: 'Travel notes', expected: [5] },
  { field: 'summary', operator: 'Equal', value: null, expected: [6] },
  { field: 'summary', operator: 'NotEqual', value: 'Travel notes', expected: [1, 2, 3, 4, 6, 7] },
  { field: 'summary', operator: 'In', value: ['Travel notes', 'Party time 🎉'], expected: [3, 5] },
  { field: 'summary', operator: 'In', value: ['Travel notes', null], expected: [5, 6] },
  {
    field: 'summary',
    operator: 'NotIn',
    value: ['Travel notes', 'Party time 🎉'],
    expected: [1, 2, 4, 6, 7],
  },
  { field: 'summary', operator: 'NotIn', value: ['Travel notes', null], expected: [1, 2, 3, 4, 7] },
  { field: 'summary', operator: 'Missing', expected: [6] },
  { field: 'summary', operator: 'Blank', expected: [4, 6] },
  { field: 'summary', operator: 'Present', expected: [1, 2, 3, 5, 7] },
  { field: 'summary', operator: 'Contains', value: 'travel', expected: [2] },
  { field: 'summary', operator: 'NotContains', value: 'travel', expected: [1, 3, 4, 5, 6, 7] },
  { field: 'summary', operator: 'IContains', value: 'TRAVEL', expected: [2, 5] },
  { field: 'summary', operator: 'IContains', value: 'CRÈME', expected: [1] },
  { field: 'summary', operator: 'NotIContains', value: 'TRAVEL', expected: [1, 3, 4, 6, 7] },
  { field: 'summary', operator: 'StartsWith', value: 'Travel', expected: [5] },
  { field: 'summary', operator: 'StartsWith', value: '東京', expected: [2] },
  { field: 'summary', operator: 'IStartsWith', value: 'party', expected: [3] },
  { field: 'summary', operator: 'EndsWith', value: '🎉', expected: [3] },
  { field: 'summary', operator: 'EndsWith', value: 's', expected: [1, 5] },
  { field: 'summary', operator: 'IEndsWith', value: 'NOTES', expected: [5] },
  { field: 'summary', operator: 'LongerThan', value: 15, expected: [1] },
  { field: 'summary', operator: 'ShorterThan', value: 16, expected: [2, 3, 4, 5, 7] },
  { field: 'summary', operator: 'Like', value: '%travel%', expected: [2] },
  { field: 'summary', operator: 'Like', value: 'P_rty%', expected: [3] },
  { field: 'summary', operator: 'Like', value: 'Ice & %', expected: [7] },
  { field: 'summary', operator: 'ILike', value: '%TRAVEL%', expected: [2, 5] },
  { field: 'summary', operator: 'ILike', value: 'ice%', expected: [7] },
];

/**
 * Expected ids of the clock-free operators on dates. `publishedAt` (Date): 1 2024-03-31T01:30Z,
 * 2 2024-09-30T22:30Z, 3 2024-10-26T22:30Z, 4 2024-10-27T01:30Z, 5 2023-12-31T23:30Z, 6 null,
 * 7 2024-10-27T18:00Z. `releaseDate` (Dateonly): 1 2024-03-31, 2 2024-09-30, 3 2024-10-26,
 * 4 2024-10-27, 5 2023-12-31, 6 null, 7 2025-01-15. Instants compare as instants (any offset).
 */
export const dateOperatorCases: readonly OperatorCase[] = [
  { field: 'publishedAt', operator: 'Equal', value: '2024-10-27T01:30:00Z', expected: [4] },
  { field: 'publishedAt', operator: 'Equal', value: '2024-10-27T02:30:00+01:00', expected: [4] },
  {
    field: 'publishedAt',
    operator: 'NotEqual',
    value: '2024-10-27T01:30:00Z',
    expected: [1, 2, 3, 5, 6, 7],
  },
  { field: 'publishedAt', operator: 'Missing', expected: [6] },
  { field: 'publishedAt', operator: 'Blank', expected: [6] },
  { field: 'publishedAt', operator: 'Present', expected: [1, 2, 3, 4, 5, 7] },
  { field: 'releaseDate', operator: 'Equal', value: '2024-10-27', expected: [4] },
  { field: 'releaseDate', operator: 'NotEqual', value: '2024-10-27', expected: [1, 2, 3, 5, 6, 7] },
  { field: 'releaseDate', operator: 'Missing', expected: [6] },
  { field: 'releaseDate', operator: 'Blank', expected: [6] },
  { field: 'releaseDate', operator: 'Present', expected: [1, 2, 3, 4, 5, 7] },
];
