import type { Caller } from '../../interfaces/caller';
import type { Collection } from '../../interfaces/collection';
import type { RecordData } from '../../interfaces/record';
import type { ColumnType } from '../../interfaces/schema';
import { intervalOperators, type Operator } from '../../query/condition-tree/operators';
import type { ConformanceFixture } from '../fixture/fixture-types';
import type { ConformanceId } from '../cases/case-types';
import { normalizeColumnValue } from './normalize';
import type {
  CollectionConformanceSuiteOptions,
  ConformanceColumnType,
} from './conformance-options';

/** Operators whose meaning depends on "now": a data source is never trusted with them. */
export const clockOperators: ReadonlySet<Operator> = new Set<Operator>([
  ...intervalOperators,
  'Past',
  'Future',
  'BeforeXHoursAgo',
  'AfterXHoursAgo',
]);

/**
 * A caller of the suite in a timezone.
 *
 * @example
 * ```ts
 * await books.list(conformanceCaller('Europe/Paris'), filter, projection);
 * ```
 */
export function conformanceCaller(timezone: string): Caller {
  return {
    id: 1,
    email: 'conformance@grove.test',
    firstName: 'Conformance',
    lastName: 'Suite',
    team: 'Operations',
    role: 'Admin',
    tags: {},
    timezone,
    renderingId: 1,
    permissionLevel: 'admin',
    request: { ip: '127.0.0.1' },
  };
}

/** The column type of a path (`author:profile:bio`) read from the fixture's schemas. */
export function fixtureColumnType(
  fixture: ConformanceFixture,
  collection: string,
  path: string,
): ColumnType {
  const [name, ...rest] = path.split(':') as [string, ...string[]];
  const field = fixture.collections[collection]?.fields[name];
  if (!field) throw new Error(`Unknown fixture field '${collection}.${name}'`);
  if (field.type === 'Column') return field.columnType;

  return fixtureColumnType(fixture, field.foreignCollection, rest.join(':'));
}

/** The opt-out key of a column type. */
export function columnTypeKey(columnType: ColumnType): ConformanceColumnType {
  return typeof columnType === 'string' ? columnType : 'Array';
}

/** True when one of the paths has a column type the options skip. */
export function skipsPaths(
  options: CollectionConformanceSuiteOptions,
  fixture: ConformanceFixture,
  collection: string,
  paths: readonly string[],
): boolean {
  const skipped = new Set(options.skipColumnTypes ?? []);

  return paths.some(path =>
    skipped.has(columnTypeKey(fixtureColumnType(fixture, collection, path))),
  );
}

/** True when the options skip an operator on a column type. */
export function skipsOperator(
  options: CollectionConformanceSuiteOptions,
  columnType: ColumnType,
  operator: Operator,
): boolean {
  return options.skipOperators?.[columnTypeKey(columnType)]?.includes(operator) ?? false;
}

/** The primary-key columns of a fixture collection, in schema order. */
export function fixturePrimaryKeys(fixture: ConformanceFixture, collection: string): string[] {
  const fields = fixture.collections[collection]?.fields ?? {};

  return Object.keys(fields).filter(name => {
    const field = fields[name];

    return field?.type === 'Column' && field.isPrimaryKey === true;
  });
}

/** The id of a record as the cases write it: the normalized primary key, `a|b` when composite. */
export function recordId(
  fixture: ConformanceFixture,
  collection: string,
  record: RecordData,
): ConformanceId {
  const values = fixturePrimaryKeys(fixture, collection).map(pk =>
    normalizeColumnValue(record[pk], fixtureColumnType(fixture, collection, pk)),
  );

  return values.length === 1 ? (values[0] as ConformanceId) : values.map(String).join('|');
}

/** Sorts ids like the cases write them: numbers numerically, strings by code point. */
export function sortIds(ids: readonly ConformanceId[]): ConformanceId[] {
  return [...ids].sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1,
  );
}

/** The column names of a fixture collection that the options keep. */
export function keptColumns(
  options: CollectionConformanceSuiteOptions,
  fixture: ConformanceFixture,
  collection: Collection | string,
): string[] {
  const name = typeof collection === 'string' ? collection : collection.name;
  const fields = fixture.collections[name]?.fields ?? {};

  return Object.keys(fields).filter(
    field => fields[field]?.type === 'Column' && !skipsPaths(options, fixture, name, [field]),
  );
}
