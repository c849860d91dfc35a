import {
  ConditionTreeLeaf,
  PaginatedFilter,
  Projection,
  type DataSource,
  type PaginatedFilterComponents,
} from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../../../src/decorators/data-source-decorator';
import { SearchCollectionDecorator } from '../../../src/decorators/search/search-collection-decorator';
import { caller } from '../operators-emulate/query-test-layers';
import { aliceUuid, createDirectory } from './search-fixture';

function build(options: { nativeSearch?: boolean } = {}) {
  const base = createDirectory(options);
  const search = new DataSourceDecorator(base, SearchCollectionDecorator);

  return { base, search, people: search.getCollection('people') };
}

async function ids(
  people: SearchCollectionDecorator,
  search: string,
  more: PaginatedFilterComponents = {},
): Promise<unknown[]> {
  const filter = new PaginatedFilter({ search, ...more });
  const records = await people.list(caller, filter, new Projection('id'));

  return records.map(record => record.id);
}

function spyList(base: DataSource) {
  return jest.spyOn(base.getCollection('people'), 'list');
}

describe('SearchCollectionDecorator', () => {
  describe('default search', () => {
    it('marks a collection searchable even when the source is not', () => {
      const { base, people } = build();

      expect(base.getCollection('people').schema.searchable).toBe(false);
      expect(people.schema.searchable).toBe(true);
    });

    it('turns the search into a condition tree and drops it', async () => {
      const { base, people } = build();
      const list = spyList(base);

      await ids(people, 'ali');

      expect(list.mock.calls[0]?.[1].search).toBeNull();
      expect(list.mock.calls[0]?.[1].conditionTree?.toJSON()).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'name', operator: 'IContains', value: 'ali' },
          { field: 'tags', operator: 'IncludesAll', value: ['ali'] },
        ],
      });
    });

    it('searches strings case-insensitively', async () => {
      expect(await ids(build().people, 'MARTIN')).toEqual([1]);
    });

    it('searches numbers by equality, negative ones included', async () => {
      const { people } = build();

      expect(await ids(people, '42')).toEqual([1]);
      expect(await ids(people, '-42')).toEqual([2]);
    });

    it('searches uuids by equality', async () => {
      expect(await ids(build().people, aliceUuid)).toEqual([1]);
    });

    it('searches enums by the values containing the term', async () => {
      const { people } = build();

      expect(await ids(people, 'BANNED')).toEqual([3]);
      expect(await ids(people, 'active')).toEqual([1, 2]);
    });

    it('searches booleans, only in the field named', async () => {
      expect(await ids(build().people, 'vip:true')).toEqual([1]);
    });

    it('searches arrays by inclusion', async () => {
      expect(await ids(build().people, 'tags:admin')).toEqual([1]);
    });

    it('searches dates by period', async () => {
      const { people } = build();

      expect(await ids(people, 'birthDate:1990')).toEqual([1]);
      expect(await ids(people, 'birthDate:<1990-01')).toEqual([2]);
    });

    it('searches the columns of to-one relations only when extended', async () => {
      const { people } = build();

      expect(await ids(people, 'globex')).toEqual([]);
      expect(await ids(people, 'globex', { searchExtended: true })).toEqual([2]);
    });

    it('ANDs terms, ORs with OR, groups with parentheses and negates with -', async () => {
      const { people } = build();

      expect(await ids(people, 'beta -alice')).toEqual([2]);
      expect(await ids(people, 'alice OR carol')).toEqual([1, 3]);
      expect(await ids(people, '(alice OR bob) martin')).toEqual([1]);
    });

    it('compares numbers of a named field', async () => {
      expect(await ids(build().people, 'balance:>=7')).toEqual([1, 3]);
    });

    it('matches field names leniently, relation paths included', async () => {
      expect(await ids(build().people, 'COMPANY.Na_me:acme')).toEqual([1]);
    });

    it('searches an unknown field:value as plain text', async () => {
      const { base, people } = build();
      const list = spyList(base);

      expect(await ids(people, 'nope:acme')).toEqual([]);
      expect(list.mock.calls[0]?.[1].conditionTree?.toJSON()).toEqual({
        aggregator: 'Or',
        conditions: [
          { field: 'name', operator: 'IContains', value: 'nope:acme' },
          { field: 'tags', operator: 'IncludesAll', value: ['nope:acme'] },
        ],
      });
    });

    it('matches nothing when no field can use the term', async () => {
      const { base, people } = build();
      const list = spyList(base);

      expect(await ids(people, 'vip:maybe')).toEqual([]);
      expect(list.mock.calls[0]?.[1].conditionTree?.toJSON()).toEqual({
        aggregator: 'Or',
        conditions: [],
      });
    });

    it('searches missing values with NULL', async () => {
      expect(await ids(build().people, 'birthDate:NULL')).toEqual([3]);
    });

    it('ANDs the search with the filter tree', async () => {
      const { people } = build();
      const conditionTree = new ConditionTreeLeaf('vip', 'Equal', false);

      expect(await ids(people, 'beta', { conditionTree })).toEqual([2]);
    });

    it('ignores a blank search', async () => {
      const { base, people } = build();
      const list = spyList(base);

      expect(await ids(people, '   ')).toEqual([1, 2, 3]);
      expect(list.mock.calls[0]?.[1].search).toBeNull();
    });

    it('leaves the search to a source that searches natively', async () => {
      const { base, people } = build({ nativeSearch: true });
      const list = spyList(base);

      expect(await ids(people, 'martin')).toEqual([1]);
      expect(list.mock.calls[0]?.[1].search).toBe('martin');
    });
  });

  describe('replaceSearch', () => {
    it('uses the replacer, even on a source that searches natively', async () => {
      const { people } = build({ nativeSearch: true });
      const replacer = jest.fn().mockReturnValue({ field: 'balance', operator: 'Equal', value: 7 });
      people.replaceSearch(replacer);

      expect(await ids(people, ' anything ', { searchExtended: true })).toEqual([3]);
      expect(replacer.mock.calls[0]?.slice(0, 2)).toEqual(['anything', true]);
      expect(replacer.mock.calls[0]?.[2].collection.name).toBe('people');
    });

    it('gives the replacer the default engine', async () => {
      const { people } = build();
      people.replaceSearch((search, extended, context) =>
        context.generateSearchFilter(search, { extended, onlyFields: ['company:name'] }),
      );

      expect(await ids(people, 'acme')).toEqual([1]);
    });

    it('refuses an invalid tree from the replacer', async () => {
      const { people } = build();
      people.replaceSearch(() => ({ field: 'nickname', operator: 'Equal', value: 'x' }));

      await expect(ids(people, 'x')).rejects.toThrow(
        "The search replacer of collection 'people' returned an invalid condition tree: Invalid condition on field 'nickname' with operator 'Equal': The 'people.nickname' field was not found.",
      );
    });

    it('requires a function', () => {
      const { people } = build();

      expect(() => people.replaceSearch('name' as never)).toThrow(
        "Cannot replace the search of collection 'people': a replacer function is required",
      );
    });
  });

  describe('disableSearch', () => {
    it('marks the collection not searchable and stops emulating', async () => {
      const { people } = build();
      people.disableSearch();

      expect(people.schema.searchable).toBe(false);
      await expect(ids(people, 'alice')).rejects.toMatchObject({
        code: 'ValidationError',
        message: "Collection 'people' is not searchable",
      });
    });

    it('is undone by replaceSearch', async () => {
      const { people } = build();
      people.disableSearch();
      people.replaceSearch(() => ({ field: 'id', operator: 'Equal', value: 2 }));

      expect(people.schema.searchable).toBe(true);
      expect(await ids(people, 'x')).toEqual([2]);
    });
  });
});
