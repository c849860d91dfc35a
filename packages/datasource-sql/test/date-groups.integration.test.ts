import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  PaginatedFilter,
  Projection,
  type Caller,
  type ConditionTree,
  type DateOperation,
} from '@grove/datasource-toolkit';
import { DateTime } from 'luxon';
import { availableConnections } from './helpers/connections';
import { createEventsTable } from './helpers/events-table';
import { useRecordingDataSource } from './helpers/recording-data-source';

const connections = availableConnections();
const halfHour = 30 * 60_000;
/** Every half hour for six days around each 2024 DST change of Europe/Paris and New York. */
const instants = [
  Date.UTC(2024, 2, 7),
  Date.UTC(2024, 2, 28),
  Date.UTC(2024, 9, 24),
  Date.UTC(2024, 9, 31),
].flatMap(start => Array.from({ length: 6 * 48 }, (_, i) => start + i * halfHour));
const iso = (ms: number) => new Date(ms).toISOString();

function expectedGroups(
  timezone: string,
  unit: DateOperation,
  from: number,
  to: number,
): Array<{ group: string; count: number }> {
  const counts = new Map<string, number>();
  for (const ms of instants.filter(t => t >= from && t < to)) {
    const local = DateTime.fromMillis(ms, { zone: timezone });
    const start =
      unit === 'Week'
        ? local.startOf('week')
        : local.startOf(unit.toLowerCase() as 'day' | 'month' | 'quarter' | 'year');
    const key = start.toISODate() as string;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  return [...counts].map(([group, count]) => ({ group, count })).sort(byGroup);
}

const byGroup = (a: { group: string }, b: { group: string }) => a.group.localeCompare(b.group);

describe.each(connections)('$name: date groups restricted to the filtered range', connection => {
  const recording = useRecordingDataSource(connection, scratch =>
    createEventsTable(scratch, connection.dialect, instants),
  );

  const groups = async (
    timezone: string,
    unit: DateOperation,
    tree: ConditionTree | null,
  ): Promise<Array<{ group: string; count: number }>> => {
    const rows = await recording.dataSource
      .getCollection('events')
      .aggregate(
        { timezone } as Caller,
        new Filter({ conditionTree: tree }),
        new Aggregation({ operation: 'Count', groups: [{ field: 'at', operation: unit }] }),
      );

    return rows.map(r => ({ group: String(r.group.at), count: Number(r.value) })).sort(byGroup);
  };
  const between = (from: number, to: number) =>
    ConditionTreeFactory.intersect(
      new ConditionTreeLeaf('at', 'GreaterThanOrEqual', iso(from)),
      new ConditionTreeLeaf('at', 'LessThan', iso(to)),
    );

  it.each([
    ['Europe/Paris', 'Day', '2024-10-25T12:00:00Z', '2024-10-29T06:00:00Z'],
    ['Europe/Paris', 'Day', '2024-03-29T22:00:00Z', '2024-04-02T00:00:00Z'],
    ['Europe/Paris', 'Week', '2024-03-06T00:00:00Z', '2024-10-30T00:00:00Z'],
    ['America/New_York', 'Day', '2024-03-08T00:00:00Z', '2024-03-12T07:00:00Z'],
    ['America/New_York', 'Day', '2024-11-01T00:00:00Z', '2024-11-05T00:00:00Z'],
    ['America/New_York', 'Month', '2024-03-06T00:00:00Z', '2024-11-01T04:00:00Z'],
  ] as const)(
    '%s by %s from %s to %s (across a DST change): the groups of the local calendar',
    async (timezone, unit, fromText, toText) => {
      const [from, to] = [Date.parse(fromText), Date.parse(toText)];
      const found = await groups(timezone, unit, between(from, to));

      expect(found).toEqual(expectedGroups(timezone, unit, from, to));
      expect(found.reduce((sum, g) => sum + g.count, 0)).toBeGreaterThan(0);
    },
  );

  it('gives the same groups as the unrestricted query (every period of the zone)', async () => {
    // More days than `maxBucketSteps`: the groups shift rows by their offset period.
    const from = Date.UTC(2024, 7, 1, 12);
    const to = Date.UTC(2024, 11, 1, 6);
    // An Or with an unbounded branch selecting nothing leaves the range open.
    const unbounded = ConditionTreeFactory.union(
      between(from, to),
      new ConditionTreeLeaf('id', 'Equal', -1),
    );

    const restricted = await groups('Europe/Paris', 'Day', between(from, to));
    const restrictedSql = recording.queries.pop() ?? '';
    const full = await groups('Europe/Paris', 'Day', unbounded);
    const fullSql = recording.queries.pop() ?? '';

    expect(restricted).toEqual(full);
    if (connection.dialect !== 'postgres') {
      expect(restrictedSql.match(/CASE WHEN/g)).toHaveLength(1);
      expect(fullSql.length).toBeGreaterThan(10_000);
    }
  });

  it('sends no CASE when the range holds one offset period', async () => {
    const from = Date.UTC(2024, 9, 28);
    const to = Date.UTC(2025, 2, 1);

    const found = await groups('Europe/Paris', 'Day', between(from, to));

    expect(found).toEqual(expectedGroups('Europe/Paris', 'Day', from, to));
    expect(recording.queries.at(-1)).not.toMatch(/CASE/);
  });
});

describe('SQLite: date comparisons on Julian day numbers', () => {
  const recording = useRecordingDataSource(
    { name: 'SQLite', dialect: 'sqlite', url: 'sqlite' },
    async scratch => {
      await scratch.sequelize.query('CREATE TABLE events (id INTEGER PRIMARY KEY, at DATETIME)');
      // One instant in the text formats SQLite reads, one just after it, one without a date.
      await scratch.sequelize.query(
        `INSERT INTO events (id, at) VALUES (1, '2024-03-31 01:00:00.000 +00:00'),
        (2, '2024-03-31T01:00:00Z'), (3, '2024-03-31 01:00:00'), (4, '2024-03-31 03:00:00+02:00'),
        (5, '2024-03-31 01:00:00.001'), (6, NULL), (7, 'not a date')`,
      );
    },
  );

  it.each([
    ['GreaterThanOrEqual', [1, 2, 3, 4, 5]],
    ['GreaterThan', [5]],
    ['LessThanOrEqual', [1, 2, 3, 4]],
    ['LessThan', []],
  ] as const)('%s the instant, whatever the stored format', async (operator, ids) => {
    const records = await recording.dataSource.getCollection('events').list(
      { timezone: 'UTC' } as Caller,
      new PaginatedFilter({
        conditionTree: new ConditionTreeLeaf('at', operator, '2024-03-31T01:00:00.000Z'),
      }),
      new Projection('id'),
    );

    expect(records.map(r => r.id).sort()).toEqual(ids);
  });
});
