import { isbns } from '../fixture/books-fixture';
import type { OperatorCase } from './case-types';

const buffer = (value: string): Buffer => Buffer.from(value, 'hex');

/**
 * Expected ids (written by hand from the fixture) of every operator on the Boolean, Binary, Enum,
 * Json, Number, Point, Time, Uuid and array columns of `books`. Grove uses two-valued logic:
 * NotEqual / NotIn / IncludesNone select null rows, as exact complements of Equal / In /
 * IncludesAll; Blank is null (or ''), Present is not blank, Missing is null.
 */
export const scalarOperatorCases: readonly OperatorCase[] = [
  // Boolean: true 1,3,5,7 — false 2,4 — null 6
  { field: 'published', operator: 'Equal', value: true, expected: [1, 3, 5, 7] },
  { field: 'published', operator: 'Equal', value: false, expected: [2, 4] },
  { field: 'published', operator: 'NotEqual', value: true, expected: [2, 4, 6] },
  { field: 'published', operator: 'In', value: [false], expected: [2, 4] },
  { field: 'published', operator: 'NotIn', value: [false], expected: [1, 3, 5, 6, 7] },
  { field: 'published', operator: 'Missing', expected: [6] },
  { field: 'published', operator: 'Blank', expected: [6] },
  { field: 'published', operator: 'Present', expected: [1, 2, 3, 4, 5, 7] },
  // Binary: 0102 1,5 — ff 2,7 — 0010 3 — null 4,6
  { field: 'cover', operator: 'Equal', value: buffer('0102'), expected: [1, 5] },
  { field: 'cover', operator: 'NotEqual', value: buffer('0102'), expected: [2, 3, 4, 6, 7] },
  { field: 'cover', operator: 'In', value: [buffer('ff'), buffer('0010')], expected: [2, 3, 7] },
  {
    field: 'cover',
    operator: 'NotIn',
    value: [buffer('ff'), buffer('0010')],
    expected: [1, 4, 5, 6],
  },
  { field: 'cover', operator: 'Missing', expected: [4, 6] },
  { field: 'cover', operator: 'Blank', expected: [4, 6] },
  { field: 'cover', operator: 'Present', expected: [1, 2, 3, 5, 7] },
  // Enum: Fiction 1,3,5 — Poetry 2,7 — Science 4 — null 6
  { field: 'genre', operator: 'Equal', value: 'Fiction', expected: [1, 3, 5] },
  { field: 'genre', operator: 'NotEqual', value: 'Fiction', expected: [2, 4, 6, 7] },
  { field: 'genre', operator: 'In', value: ['Poetry', 'Science'], expected: [2, 4, 7] },
  { field: 'genre', operator: 'NotIn', value: ['Poetry', 'Science'], expected: [1, 3, 5, 6] },
  { field: 'genre', operator: 'Missing', expected: [6] },
  { field: 'genre', operator: 'Blank', expected: [6] },
  { field: 'genre', operator: 'Present', expected: [1, 2, 3, 4, 5, 7] },
  // Json: deep equality whatever the key order; [1, 2, 3] is row 3's array; null 5,6
  { field: 'metadata', operator: 'Equal', value: { signed: true, edition: 1 }, expected: [1, 7] },
  {
    field: 'metadata',
    operator: 'NotEqual',
    value: { signed: true, edition: 1 },
    expected: [2, 3, 4, 5, 6],
  },
  { field: 'metadata', operator: 'In', value: [{ edition: 2 }, [1, 2, 3]], expected: [2, 3] },
  {
    field: 'metadata',
    operator: 'NotIn',
    value: [{ edition: 2 }, [1, 2, 3]],
    expected: [1, 4, 5, 6, 7],
  },
  { field: 'metadata', operator: 'IncludesAll', value: [1, 3], expected: [3] },
  { field: 'metadata', operator: 'IncludesNone', value: [2], expected: [1, 2, 4, 5, 6, 7] },
  { field: 'metadata', operator: 'Missing', expected: [5, 6] },
  { field: 'metadata', operator: 'Blank', expected: [5, 6] },
  { field: 'metadata', operator: 'Present', expected: [1, 2, 3, 4, 7] },
  // Number (decimals): 12.5 1,5 — 8.99 2 — 20 3 — 0 4 (not blank) — 15.25 7 — null 6
  { field: 'price', operator: 'Equal', value: 12.5, expected: [1, 5] },
  { field: 'price', operator: 'Equal', value: 0, expected: [4] },
  { field: 'price', operator: 'NotEqual', value: 12.5, expected: [2, 3, 4, 6, 7] },
  { field: 'price', operator: 'In', value: [0, 20], expected: [3, 4] },
  { field: 'price', operator: 'NotIn', value: [0, 20], expected: [1, 2, 5, 6, 7] },
  { field: 'price', operator: 'LessThan', value: 12.5, expected: [2, 4] },
  { field: 'price', operator: 'LessThanOrEqual', value: 12.5, expected: [1, 2, 4, 5] },
  { field: 'price', operator: 'GreaterThan', value: 12.5, expected: [3, 7] },
  { field: 'price', operator: 'GreaterThanOrEqual', value: 12.5, expected: [1, 3, 5, 7] },
  { field: 'price', operator: 'Missing', expected: [6] },
  { field: 'price', operator: 'Blank', expected: [6] },
  { field: 'price', operator: 'Present', expected: [1, 2, 3, 4, 5, 7] },
  // Number (integers): 320, 120, 450, 80, null, null, 200
  { field: 'pages', operator: 'GreaterThan', value: 200, expected: [1, 3] },
  { field: 'pages', operator: 'In', value: [80, 120], expected: [2, 4] },
  // Point: [2.35, 48.85] 1,5 — null 3,6
  { field: 'location', operator: 'Equal', value: [2.35, 48.85], expected: [1, 5] },
  { field: 'location', operator: 'NotEqual', value: [2.35, 48.85], expected: [2, 3, 4, 6, 7] },
  { field: 'location', operator: 'Missing', expected: [3, 6] },
  { field: 'location', operator: 'Blank', expected: [3, 6] },
  { field: 'location', operator: 'Present', expected: [1, 2, 4, 5, 7] },
  // Time: 01:30:00, 00:45:00, 12:00:00, null, 23:59:59, null, 00:45:00
  { field: 'readingTime', operator: 'Equal', value: '00:45:00', expected: [2, 7] },
  { field: 'readingTime', operator: 'NotEqual', value: '00:45:00', expected: [1, 3, 4, 5, 6] },
  { field: 'readingTime', operator: 'LessThan', value: '12:00:00', expected: [1, 2, 7] },
  { field: 'readingTime', operator: 'GreaterThan', value: '12:00:00', expected: [5] },
  { field: 'readingTime', operator: 'Missing', expected: [4, 6] },
  { field: 'readingTime', operator: 'Blank', expected: [4, 6] },
  { field: 'readingTime', operator: 'Present', expected: [1, 2, 3, 5, 7] },
  // Uuid: null 4,6
  { field: 'isbn', operator: 'Equal', value: isbns.bridges, expected: [2] },
  { field: 'isbn', operator: 'NotEqual', value: isbns.bridges, expected: [1, 3, 4, 5, 6, 7] },
  { field: 'isbn', operator: 'In', value: [isbns.atlas, isbns.canyon], expected: [1, 3] },
  {
    field: 'isbn',
    operator: 'NotIn',
    value: [isbns.atlas, isbns.canyon],
    expected: [2, 4, 5, 6, 7],
  },
  { field: 'isbn', operator: 'Missing', expected: [4, 6] },
  { field: 'isbn', operator: 'Blank', expected: [4, 6] },
  { field: 'isbn', operator: 'Present', expected: [1, 2, 3, 5, 7] },
  // ['String']: [classic, french], [travel], [] (not blank), null, [classic, travel], null, [poetry]
  { field: 'keywords', operator: 'IncludesAll', value: ['classic'], expected: [1, 5] },
  { field: 'keywords', operator: 'IncludesAll', value: ['classic', 'travel'], expected: [5] },
  { field: 'keywords', operator: 'IncludesNone', value: ['travel'], expected: [1, 3, 4, 6, 7] },
  { field: 'keywords', operator: 'Equal', value: ['travel'], expected: [2] },
  { field: 'keywords', operator: 'NotEqual', value: ['travel'], expected: [1, 3, 4, 5, 6, 7] },
  { field: 'keywords', operator: 'In', value: [['travel'], ['poetry']], expected: [2, 7] },
  {
    field: 'keywords',
    operator: 'NotIn',
    value: [['travel'], ['poetry']],
    expected: [1, 3, 4, 5, 6],
  },
  { field: 'keywords', operator: 'Missing', expected: [4, 6] },
  { field: 'keywords', operator: 'Blank', expected: [4, 6] },
  { field: 'keywords', operator: 'Present', expected: [1, 2, 3, 5, 7] },
];
