import type { RecordData } from '../../interfaces/record';
import type { SortClause } from '../../query/sort';
import type { ConformanceId } from './case-types';

/** A sorted (and optionally paged) list, with the ids in the order they must come. */
export interface SortCase {
  readonly name: string;
  readonly collection: string;
  readonly sort: readonly SortClause[];
  readonly page?: { readonly skip: number; readonly limit: number };
  readonly expected: readonly ConformanceId[];
}

/** A projection, with the exact records (sorted by primary key) it must return. */
export interface ProjectionCase {
  readonly name: string;
  readonly collection: string;
  readonly projection: readonly string[];
  readonly expected: readonly RecordData[];
}

const asc = (field: string): SortClause => ({ field, ascending: true });
const desc = (field: string): SortClause => ({ field, ascending: false });

/** Sorts: nulls first ascending (last descending), ties broken by the next clause. */
export const sortCases: readonly SortCase[] = [
  {
    name: 'String ascending',
    collection: 'books',
    sort: [asc('title')],
    expected: [1, 2, 3, 4, 5, 6, 7],
  },
  {
    name: 'String descending',
    collection: 'books',
    sort: [desc('title')],
    expected: [7, 6, 5, 4, 3, 2, 1],
  },
  {
    name: 'Number ascending, nulls first, then id',
    collection: 'books',
    sort: [asc('price'), asc('id')],
    expected: [6, 4, 2, 1, 5, 7, 3],
  },
  {
    name: 'Number descending, nulls last, then id descending',
    collection: 'books',
    sort: [desc('price'), desc('id')],
    expected: [3, 7, 5, 1, 2, 4, 6],
  },
  {
    name: 'Enum descending, then id',
    collection: 'books',
    sort: [desc('genre'), asc('id')],
    expected: [4, 2, 7, 1, 3, 5, 6],
  },
  {
    name: 'Date ascending',
    collection: 'books',
    sort: [asc('publishedAt'), asc('id')],
    expected: [6, 5, 1, 2, 3, 4, 7],
  },
  {
    name: 'Dateonly descending',
    collection: 'books',
    sort: [desc('releaseDate')],
    expected: [7, 4, 3, 2, 1, 5, 6],
  },
  {
    name: 'relation path, then title descending',
    collection: 'books',
    sort: [asc('author:name'), desc('title')],
    expected: [6, 5, 3, 1, 7, 2, 4],
  },
  { name: 'other collection', collection: 'authors', sort: [desc('name')], expected: [4, 3, 2, 1] },
  {
    name: 'page: skip 2, limit 3',
    collection: 'books',
    sort: [asc('title')],
    page: { skip: 2, limit: 3 },
    expected: [3, 4, 5],
  },
  {
    name: 'page: last, partial',
    collection: 'books',
    sort: [asc('title')],
    page: { skip: 5, limit: 10 },
    expected: [6, 7],
  },
  {
    name: 'page: past the end',
    collection: 'books',
    sort: [asc('title')],
    page: { skip: 7, limit: 5 },
    expected: [],
  },
  {
    name: 'page: first record',
    collection: 'books',
    sort: [desc('price'), asc('id')],
    page: { skip: 0, limit: 1 },
    expected: [3],
  },
];

const bio = { ada: 'Écrivaine française', bao: '東京の作家 🎌' };

/** Projections: only projected paths come back, nested by relation; no related record → null. */
export const projectionCases: readonly ProjectionCase[] = [
  {
    name: 'columns and a ManyToOne path',
    collection: 'books',
    projection: ['id', 'title', 'author:name'],
    expected: [
      { id: 1, title: 'Atlas', author: { name: 'Ada' } },
      { id: 2, title: 'Bridges', author: { name: 'Bao' } },
      { id: 3, title: 'Canyon', author: { name: 'Ada' } },
      { id: 4, title: 'Dunes', author: { name: 'Cyd' } },
      { id: 5, title: 'Echoes', author: null },
      { id: 6, title: 'Fjords', author: null },
      { id: 7, title: 'Glaciers', author: { name: 'Bao' } },
    ],
  },
  {
    name: 'two levels: ManyToOne then OneToOne',
    collection: 'books',
    projection: ['id', 'author:profile:bio'],
    expected: [
      { id: 1, author: { profile: { bio: bio.ada } } },
      { id: 2, author: { profile: { bio: bio.bao } } },
      { id: 3, author: { profile: { bio: bio.ada } } },
      { id: 4, author: { profile: null } },
      { id: 5, author: null },
      { id: 6, author: null },
      { id: 7, author: { profile: { bio: bio.bao } } },
    ],
  },
  {
    name: 'OneToOne path',
    collection: 'authors',
    projection: ['id', 'name', 'profile:bio'],
    expected: [
      { id: 1, name: 'Ada', profile: { bio: bio.ada } },
      { id: 2, name: 'Bao', profile: { bio: bio.bao } },
      { id: 3, name: 'Cyd', profile: null },
      { id: 4, name: 'Dee', profile: null },
    ],
  },
  {
    name: 'several columns of one relation',
    collection: 'profiles',
    projection: ['id', 'author:name', 'author:country'],
    expected: [
      { id: 10, author: { name: 'Ada', country: 'FR' } },
      { id: 11, author: { name: 'Bao', country: 'JP' } },
      { id: 12, author: null },
    ],
  },
];
