import {
  Aggregation,
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  type Caller,
  type ConditionTree,
  type DateOperation,
} from '@grove/datasource-toolkit';
import { DateTime } from 'luxon';
import { availableConnections } from './helpers/connections';
import { createEventsTable } from './helpers/events-table';
import { useRecordingDataSource } from './helpers/recording-data-source';

const connections = availableConnections();
const zones = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide'] as const;
const halfHour = 30 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The 2024 DST changes of the zones above (Kolkata has none). */
const changes = ['2024-03-10T07:00Z', '2024-03-31T01:00Z', '2024-04-06T16:30Z', '2024-10-05T16:30Z']
  .concat(['2024-10-27T01:00Z', '2024-11-03T06:00Z'])
  .map(text => Date.parse(text));
/**
 * Every half hour for three days around each DST change, and each zone's local midnights of
 * 2024 (the first instant of every bucket), a millisecond before, on and a millisecond after.
 */
const instants = [
  ...new Set([
    ...changes.flatMap(change =>
      Array.from({ length: 6 * 24 }, (_, i) => change - 3 * 24 * halfHour + i * halfHour),
    ),
    ...zones.flatMap(zone =>
      Array.from({ length: 370 }, (_, i) =>
        DateTime.fromObject({ year: 2023, month: 12, day: 30 }, { zone }).plus({ days: i }),
      ).flatMap(midnight => [-1, 0, 1].map(ms => midnight.toMillis() + ms)),
    ),
  ]),
].sort((a, b) => a - b);

type Groups = Array<{ group: string; count: number }>;
const byGroup = (a: { group: string }, b: { group: string }) => a.group.localeCompare(b.group);

/** The groups of the instants in [from, to] by luxon's local calendar (Monday starting weeks). */
function expectedGroups(zone: string, unit: DateOperation, from: number, to: number): Groups {
  const counts = new Map<string, number>();
  for (const ms of instants.filter(t => t >= from && t <= to)) {
    const start = DateTime.fromMillis(ms, { zone }).startOf(
      unit.toLowerCase() as 'year' | 'quarter' | 'month' | 'week' | 'day',
    );
    const key = start.toISODate() as string;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }

  return [...counts].map(([group, count]) => ({ group, count })).sort(byGroup);
}

describe.each(connections)(
  '$name: date groups over the buckets of the filtered range',
  connection => {
    const recording = useRecordingDataSource(connection, scratch =>
      createEventsTable(scratch, connection.dialect, instants, { nullRow: true }),
    );

    const groups = async (zone: string, unit: DateOperation, tree: ConditionTree | null) => {
      recording.queries.length = 0;
      const rows = await recording.dataSource
        .getCollection('events')
        .aggregate(
          { timezone: zone } as Caller,
          new Filter({ conditionTree: tree }),
          new Aggregation({ operation: 'Count', groups: [{ field: 'at', operation: unit }] }),
        );

      return {
        groups: rows
          .map(r => ({ group: String(r.group.at), count: Number(r.value) }))
          .sort(byGroup),
        sql: recording.queries.at(-1) ?? '',
      };
    };
    const between = (from: number, to: number) =>
      ConditionTreeFactory.intersect(
        new ConditionTreeLeaf('at', 'GreaterThanOrEqual', iso(from)),
        new ConditionTreeLeaf('at', 'LessThanOrEqual', iso(to)),
      );
    const formatted = /strftime|date\(|DATE_FORMAT|CONCAT|to_char/;

    it.each(
      zones.flatMap(zone => [
        ...(['Year', 'Quarter', 'Month', 'Week'] as const).map(
          unit => [zone, unit, '2023-12-31T12:00:00Z', '2025-01-01T12:00:00Z'] as const,
        ),
        [zone, 'Day', '2024-03-01T00:00:00Z', '2024-04-10T00:00:00Z'] as const,
        [zone, 'Day', '2024-10-01T00:00:00Z', '2024-11-06T00:00:00Z'] as const,
      ]),
    )(
      '%s by %s from %s to %s: the groups of the shift-and-format expression',
      async (zone, unit, fromText, toText) => {
        const [from, to] = [Date.parse(fromText), Date.parse(toText)];
        // An Or with a branch without the date leaves the range open: the shift-and-format groups.
        const open = ConditionTreeFactory.union(
          between(from, to),
          new ConditionTreeLeaf('id', 'Equal', -1),
        );

        const bounded = await groups(zone, unit, between(from, to));
        const shifted = await groups(zone, unit, open);

        expect(bounded.groups).toEqual(shifted.groups);
        expect(bounded.groups).toEqual(expectedGroups(zone, unit, from, to));
        expect(shifted.sql).toMatch(formatted);
        if (connection.dialect !== 'postgres') expect(bounded.sql).not.toMatch(formatted);
      },
    );
  },
);
