import { describe, expect, it } from '@jest/globals';
import type { AggregateResult } from '../../query/aggregation';
import { Aggregation } from '../../query/aggregation';
import { ConditionTreeFactory } from '../../query/condition-tree/condition-tree-factory';
import { Filter } from '../../query/filter';
import { Page } from '../../query/page';
import { PaginatedFilter } from '../../query/paginated-filter';
import { Projection } from '../../query/projection';
import { Sort } from '../../query/sort';
import { aggregateCases, type AggregateCase } from '../cases/aggregate-cases';
import { projectionCases, sortCases } from '../cases/read-cases';
import { conformanceFixture as fixture } from '../fixture/conformance-fixture';
import type { CollectionConformanceSuiteOptions } from './conformance-options';
import type { DataSourceHolder } from './data-source-holder';
import { toNativeTree } from './list-ids';
import { normalizeColumnValue, normalizeRecord } from './normalize';
import {
  conformanceCaller,
  fixtureColumnType,
  fixturePrimaryKeys,
  recordId,
  skipsPaths,
} from './suite-context';

/** Checks sorts, pages, projections and aggregates. */
export function describeSortAndAggregates(
  options: CollectionConformanceSuiteOptions,
  source: DataSourceHolder,
): void {
  describe('sort and page', () => {
    for (const { name, collection, sort, page, expected } of sortCases) {
      const skipped = skipsPaths(
        options,
        fixture,
        collection,
        sort.map(({ field }) => field),
      );
      (skipped ? it.skip : it)(`${collection}: ${name} → [${expected.join(', ')}]`, async () => {
        const filter = new PaginatedFilter({
          sort: new Sort(...sort),
          page: page ? new Page(page.skip, page.limit) : null,
        });
        const projection = new Projection(...fixturePrimaryKeys(fixture, collection));
        const records = await source
          .collection(collection)
          .list(conformanceCaller('UTC'), filter, projection);
        expect(records.map(record => recordId(fixture, collection, record))).toEqual(expected);
      });
    }
  });

  describe('projection', () => {
    for (const { name, collection, projection, expected } of projectionCases) {
      it(`${collection}: ${name}`, async () => {
        const records = await source
          .collection(collection)
          .list(conformanceCaller('UTC'), new PaginatedFilter(), new Projection(...projection));
        const byId = records
          .map(record => ({ id: recordId(fixture, collection, record), record }))
          .sort((a, b) => Number(a.id) - Number(b.id))
          .map(({ record }) => normalizeRecord(fixture, collection, record));
        expect(byId).toEqual(expected);
      });
    }
  });

  describe('aggregate', () => {
    for (const test of aggregateCases) {
      const { aggregation } = test;
      const paths = [
        ...(aggregation.field ? [aggregation.field] : []),
        ...(aggregation.groups ?? []).map(g => g.field),
      ];
      (skipsPaths(options, fixture, 'books', paths) ? it.skip : it)(
        `books: ${test.name}`,
        async () => {
          const timezone = test.timezone ?? 'UTC';
          const collection = source.collection('books');
          const tree = ConditionTreeFactory.fromPlainObject(test.filter ?? null);
          const filter = new Filter({
            conditionTree: tree ? toNativeTree(collection, tree, timezone) : null,
          });
          const rows = await collection.aggregate(
            conformanceCaller(timezone),
            filter,
            new Aggregation(aggregation),
            test.limit,
          );
          checkAggregate(test, rows);
        },
      );
    }
  });
}

function checkAggregate(test: AggregateCase, rows: AggregateResult[]): void {
  const normalized = rows.map(({ value, group }) => ({
    value: value === null || value === undefined ? null : Number(value),
    group: normalizeGroup(test, group),
  }));
  const values = normalized.map(({ value }) => value ?? -Infinity);
  // Sorted by value descending; rows of equal value may come in any order.
  expect(values).toEqual([...values].sort((a, b) => b - a));
  const key = (group: Record<string, unknown>) => JSON.stringify(group);
  const byGroup = (a: { group: Record<string, unknown> }, b: { group: Record<string, unknown> }) =>
    key(a.group) < key(b.group) ? -1 : key(a.group) > key(b.group) ? 1 : 0;
  const actual = [...normalized].sort(byGroup);
  const expected = [...test.expected].sort(byGroup);

  expect(actual.map(({ group }) => group)).toEqual(expected.map(({ group }) => group));
  actual.forEach(({ value }, index) => {
    const wanted = expected[index]?.value as number | null;
    if (wanted === null || !test.approximate) expect(value).toEqual(wanted);
    else expect(value).toBeCloseTo(wanted, 6);
  });
}

function normalizeGroup(
  test: AggregateCase,
  group: Record<string, unknown>,
): Record<string, unknown> {
  const dated = new Map((test.aggregation.groups ?? []).map(g => [g.field, g.operation]));

  return Object.fromEntries(
    Object.entries(group ?? {}).map(([field, value]) => {
      if (value === null || value === undefined) return [field, null];
      if (dated.get(field)) return [field, normalizeColumnValue(value, 'Dateonly')];

      return [field, normalizeColumnValue(value, fixtureColumnType(fixture, 'books', field))];
    }),
  );
}
