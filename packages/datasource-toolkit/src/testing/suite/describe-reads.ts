import { describe, expect, it } from '@jest/globals';
import { ConditionTreeFactory } from '../../query/condition-tree/condition-tree-factory';
import { ConditionTreeLeaf } from '../../query/condition-tree/nodes/condition-tree-leaf';
import { PaginatedFilter } from '../../query/paginated-filter';
import { Projection } from '../../query/projection';
import type { OperatorCase } from '../cases/case-types';
import { scalarOperatorCases } from '../cases/scalar-operator-cases';
import { dateOperatorCases, stringOperatorCases } from '../cases/text-and-date-operator-cases';
import { relativeDateCases } from '../cases/relative-date-cases';
import { treeCases } from '../cases/tree-cases';
import {
  conformanceFixture as fixture,
  conformanceTimezones,
} from '../fixture/conformance-fixture';
import type { CollectionConformanceSuiteOptions } from './conformance-options';
import type { DataSourceHolder } from './data-source-holder';
import { listIds } from './list-ids';
import { normalizeRecord } from './normalize';
import {
  conformanceCaller,
  fixtureColumnType,
  keptColumns,
  recordId,
  skipsOperator,
  skipsPaths,
} from './suite-context';

const operatorCases: readonly OperatorCase[] = [
  ...stringOperatorCases,
  ...scalarOperatorCases,
  ...dateOperatorCases,
];

function skips(
  options: CollectionConformanceSuiteOptions,
  collection: string,
  field: string,
  operator?: string,
): boolean {
  if (skipsPaths(options, fixture, collection, [field])) return true;
  const type = fixtureColumnType(fixture, collection, field);

  return (
    operator !== undefined && skipsOperator(options, type, operator as OperatorCase['operator'])
  );
}

/** Normalized records ordered by id, so that the check does not depend on `sort`. */
function sortRecords(
  collection: string,
  records: ReadonlyArray<Record<string, unknown>>,
): unknown[] {
  return records
    .map(record => ({ id: String(recordId(fixture, collection, record)), record }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ record }) => normalizeRecord(fixture, collection, record));
}

function show(value: unknown): string {
  if (value === undefined) return '';

  return ` ${Buffer.isBuffer(value) ? `<${value.toString('hex')}>` : JSON.stringify(value)}`;
}

/** Checks that every record comes back with every column, then every filter case. */
export function describeReads(
  options: CollectionConformanceSuiteOptions,
  source: DataSourceHolder,
): void {
  describe('records', () => {
    for (const name of Object.keys(fixture.collections)) {
      it(`lists every record of '${name}' with every column`, async () => {
        const columns = keptColumns(options, fixture, name);
        const records = await source
          .collection(name)
          .list(conformanceCaller('UTC'), new PaginatedFilter(), new Projection(...columns));
        const expected = (fixture.collections[name]?.records ?? []).map(record =>
          Object.fromEntries(columns.map(column => [column, record[column]])),
        );

        expect(sortRecords(name, records)).toEqual(sortRecords(name, expected));
      });
    }
  });

  describe('operators', () => {
    for (const { field, operator, value, expected } of operatorCases) {
      const test = skips(options, 'books', field, operator) ? it.skip : it;
      test(`books.${field} ${operator}${show(value)} → [${expected.join(', ')}]`, async () => {
        const tree = new ConditionTreeLeaf(field, operator, value);
        expect(await listIds(source.collection('books'), fixture, tree, 'UTC')).toEqual(expected);
      });
    }
  });

  describe('relative date operators (now = 2024-10-27T12:00:00Z)', () => {
    for (const timezone of conformanceTimezones) {
      for (const { field, operator, value, expected } of relativeDateCases) {
        const test = skips(options, 'books', field, operator) ? it.skip : it;
        test(`${timezone}: books.${field} ${operator}${show(value)} → [${expected[timezone].join(', ')}]`, async () => {
          const tree = new ConditionTreeLeaf(field, operator, value);
          expect(await listIds(source.collection('books'), fixture, tree, timezone)).toEqual(
            expected[timezone],
          );
        });
      }
    }
  });

  describe('condition trees', () => {
    for (const { name, collection, tree, expected } of treeCases) {
      const instance = ConditionTreeFactory.fromPlainObject(tree);
      const skipped =
        instance?.someLeaf(leaf => skips(options, collection, leaf.field, leaf.operator)) ?? false;
      (skipped ? it.skip : it)(`${collection}: ${name} → [${expected.join(', ')}]`, async () => {
        expect(await listIds(source.collection(collection), fixture, instance, 'UTC')).toEqual(
          expected,
        );
      });
    }
  });
}
