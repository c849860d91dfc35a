import type { CollectionCustomizer, HookBeforeUpdateContext } from '@grove/datasource-customizer';
import {
  PaginatedFilter,
  getPrimaryKeys,
  type PlainConditionTree,
  type RecordData,
} from '@grove/datasource-toolkit';
import { deepMerge, nest, stableKey } from './nested-values';

/** The flattened fields of one column: field name → segments below the column. */
export type FlattenedFields = ReadonlyMap<string, readonly string[]>;

/**
 * Makes flattened fields writable by folding their values back into `columnName`.
 *
 * - Create: each flattened value becomes a nested patch of the column (the write layer merges
 *   the patches of one record deeply).
 * - Update: a Before-Update hook replaces the flattened keys by the column itself, merged into
 *   the stored value of each targeted record so that siblings survive. When the targeted
 *   records end up with different values, one update per group of equal values is issued and
 *   the main update writes the first group; an After-Update hook then rewrites each other
 *   group (by primary key). The main update always keeps a non-empty patch this way. The
 *   customizer runs a write and its After hooks in one transaction, so the groups are written
 *   together or not at all.
 *
 * @example
 * ```ts
 * foldWrites(customers, 'address', new Map([['address@@@street', ['street']]]));
 * ```
 */
export function foldWrites(
  collection: CollectionCustomizer,
  columnName: string,
  fields: FlattenedFields,
): void {
  // The hook removes the flattened keys from update patches, so these handlers only run for
  // creates (and for nested relation writes, which are creates or single-record patches).
  for (const [name, segments] of fields) {
    collection.replaceFieldWriting(name, value => ({ [columnName]: nest(segments, value) }));
  }
  // Group updates deferred by the Before hook to the After hook, keyed by the shared patch.
  const deferred = new WeakMap<object, GroupUpdate[]>();
  collection.addHook('Before', 'Update', async context => {
    const others = await foldUpdate(context, columnName, fields);
    if (others.length > 0) deferred.set(context.patch, others);
  });
  collection.addHook('After', 'Update', async context => {
    const others = deferred.get(context.patch) ?? [];
    deferred.delete(context.patch);
    await Promise.all(
      others.map(({ conditionTree, value }) =>
        context.collection.update({ conditionTree }, { [columnName]: value }),
      ),
    );
  });
}

interface GroupUpdate {
  readonly conditionTree: PlainConditionTree;
  readonly value: unknown;
}

async function foldUpdate(
  context: HookBeforeUpdateContext,
  columnName: string,
  fields: FlattenedFields,
): Promise<GroupUpdate[]> {
  const patch = context.patch as RecordData;
  const written = Object.keys(patch).filter(key => fields.has(key));
  if (written.length === 0) return [];

  let nested: unknown = {};
  for (const key of written) {
    nested = deepMerge(nested, nest(fields.get(key) ?? [], patch[key]));
    delete patch[key];
  }

  const primaryKeys = getPrimaryKeys(context.collection.schema);
  const filter = new PaginatedFilter({ ...context.filter });
  const records = await context.collection.list(filter, [...primaryKeys, columnName]);
  const explicit = Object.prototype.hasOwnProperty.call(patch, columnName);
  const groups = new Map<string, { value: unknown; records: RecordData[] }>();
  for (const record of records) {
    const value = deepMerge(explicit ? patch[columnName] : (record[columnName] ?? {}), nested);
    const key = stableKey(value);
    const group = groups.get(key) ?? { value, records: [] };
    group.records.push(record);
    groups.set(key, group);
  }

  const [first, ...others] = [...groups.values()];
  if (first) patch[columnName] = first.value;
  else delete patch[columnName];

  return others.map(group => ({
    conditionTree: primaryKeyTree(primaryKeys, group.records),
    value: group.value,
  }));
}

/** The condition matching exactly `records` by primary key. */
function primaryKeyTree(primaryKeys: readonly string[], records: RecordData[]): PlainConditionTree {
  const [only] = primaryKeys;
  if (only !== undefined && primaryKeys.length === 1) {
    return { field: only, operator: 'In', value: records.map(record => record[only]) };
  }

  return {
    aggregator: 'Or',
    conditions: records.map(record => ({
      aggregator: 'And' as const,
      conditions: primaryKeys.map(key => ({
        field: key,
        operator: 'Equal' as const,
        value: record[key],
      })),
    })),
  };
}
