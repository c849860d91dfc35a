import { describe, expect, it } from '@jest/globals';
import type { RecordData } from '../../interfaces/record';
import { ConditionTreeFactory } from '../../query/condition-tree/condition-tree-factory';
import type { PlainConditionTree } from '../../query/condition-tree/nodes/condition-tree';
import { Filter } from '../../query/filter';
import { PaginatedFilter } from '../../query/paginated-filter';
import { Projection } from '../../query/projection';
import { conformanceFixture as fixture } from '../fixture/conformance-fixture';
import { tagIds } from '../fixture/tags-fixture';
import { twoBookTagsTree } from '../cases/tree-cases';
import type { CollectionConformanceSuiteOptions } from './conformance-options';
import { useDataSource, type DataSourceHolder } from './data-source-holder';
import { listIds, toNativeTree } from './list-ids';
import { normalizeRecord } from './normalize';
import { conformanceCaller, keptColumns, recordId } from './suite-context';

const caller = conformanceCaller('UTC');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new book using every column type (the ones the options skip are left out). */
const newBook: RecordData = {
  title: 'Harbors',
  summary: 'Ports 🚢',
  published: false,
  cover: Buffer.from('beef', 'hex'),
  publishedAt: '2024-06-01T12:00:00.000Z',
  releaseDate: '2024-06-01',
  genre: 'Science',
  metadata: { edition: 3 },
  price: 9.5,
  pages: 99,
  location: [1.5, -2.25],
  readingTime: '02:00:00',
  isbn: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
  keywords: ['sea'],
  authorId: 4,
};

function keep(
  options: CollectionConformanceSuiteOptions,
  collection: string,
  record: RecordData,
): RecordData {
  const columns = keptColumns(options, fixture, collection);

  return Object.fromEntries(Object.entries(record).filter(([name]) => columns.includes(name)));
}

async function listAll(
  source: DataSourceHolder,
  options: CollectionConformanceSuiteOptions,
  collection: string,
) {
  const projection = new Projection(...keptColumns(options, fixture, collection));
  const records = await source
    .collection(collection)
    .list(caller, new PaginatedFilter(), projection);

  return new Map(
    records.map(record => [
      recordId(fixture, collection, record),
      normalizeRecord(fixture, collection, record),
    ]),
  );
}

function where(source: DataSourceHolder, collection: string, tree: PlainConditionTree): Filter {
  const instance = ConditionTreeFactory.fromPlainObject(tree);

  return new Filter({
    conditionTree: instance ? toNativeTree(source.collection(collection), instance, 'UTC') : null,
  });
}

/** Checks create, update and delete, each on a fresh data source. */
export function describeWrites(options: CollectionConformanceSuiteOptions): void {
  describe('writes', () => {
    const source = useDataSource(options, 'each');
    const ids = (collection: string) =>
      listIds(source.collection(collection), fixture, null, 'UTC');

    it('creates a record with every column type and returns its generated primary key', async () => {
      const [created] = await source
        .collection('books')
        .create(caller, [keep(options, 'books', newBook)]);
      const id = created?.id;
      expect(typeof id === 'number' || typeof id === 'string').toBe(true);
      expect([1, 2, 3, 4, 5, 6, 7]).not.toContain(Number(id));
      expect(
        normalizeRecord(fixture, 'books', keep(options, 'books', created ?? {})),
      ).toMatchObject(
        normalizeRecord(fixture, 'books', keep(options, 'books', newBook)) as RecordData,
      );
      const all = await listAll(source, options, 'books');
      expect(all.size).toBe(8);
      expect(all.get(Number(id))).toMatchObject(
        normalizeRecord(fixture, 'books', keep(options, 'books', newBook)) as RecordData,
      );
    });

    it('creates several records at once with distinct keys', async () => {
      const created = await source
        .collection('books')
        .create(caller, [{ title: 'Islands' }, { title: 'Jungles' }]);
      expect(created.map(record => record.title)).toEqual(['Islands', 'Jungles']);
      expect(new Set(created.map(record => String(record.id))).size).toBe(2);
      expect(await ids('books')).toHaveLength(9);
    });

    it('creates a record with a generated Uuid primary key', async () => {
      const [created] = await source.collection('tags').create(caller, [{ label: 'New' }]);
      expect(String(created?.id).toLowerCase()).toMatch(uuidPattern);
      expect(
        (await listAll(source, options, 'tags')).get(String(created?.id).toLowerCase()),
      ).toEqual({
        id: String(created?.id).toLowerCase(),
        label: 'New',
      });
    });

    it('creates a record with a composite primary key', async () => {
      const [created] = await source
        .collection('bookTags')
        .create(caller, [{ bookId: 2, tagId: tagIds.rare }]);
      expect(normalizeRecord(fixture, 'bookTags', created ?? {})).toEqual({
        bookId: 2,
        tagId: tagIds.rare,
      });
      expect(await ids('bookTags')).toContain(`2|${tagIds.rare}`);
      expect(await ids('bookTags')).toHaveLength(6);
    });

    it('updates only the matching records', async () => {
      const before = await listAll(source, options, 'books');
      await source
        .collection('books')
        .update(
          caller,
          where(source, 'books', { field: 'genre', operator: 'Equal', value: 'Poetry' }),
          { price: 1, summary: 'Updated' },
        );
      const after = await listAll(source, options, 'books');
      for (const [id, record] of before) {
        expect(after.get(id)).toEqual(
          id === 2 || id === 7 ? { ...record, price: 1, summary: 'Updated' } : record,
        );
      }
    });

    it('updates the records matching a relation path', async () => {
      await source
        .collection('books')
        .update(
          caller,
          where(source, 'books', { field: 'author:name', operator: 'Equal', value: 'Ada' }),
          { pages: 1 },
        );
      const pages = await listIds(
        source.collection('books'),
        fixture,
        ConditionTreeFactory.fromPlainObject({ field: 'pages', operator: 'Equal', value: 1 }),
        'UTC',
      );
      expect(pages).toEqual([1, 3]);
    });

    it('deletes only the matching records', async () => {
      await source
        .collection('books')
        .delete(caller, where(source, 'books', { field: 'id', operator: 'In', value: [6, 7] }));
      expect(await ids('books')).toEqual([1, 2, 3, 4, 5]);
    });

    it('deletes by composite primary key', async () => {
      const tree = ConditionTreeFactory.fromPlainObject(twoBookTagsTree);
      await source.collection('bookTags').delete(caller, new Filter({ conditionTree: tree }));
      expect(await ids('bookTags')).toEqual([
        `1|${tagIds.classic}`,
        `2|${tagIds.modern}`,
        `3|${tagIds.classic}`,
      ]);
    });

    it('deletes nothing when nothing matches', async () => {
      await source
        .collection('books')
        .delete(
          caller,
          where(source, 'books', { field: 'title', operator: 'Equal', value: 'Nowhere' }),
        );
      expect(await ids('books')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });
  });
}
