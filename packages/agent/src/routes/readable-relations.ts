import {
  ConditionTreeFactory,
  PaginatedFilter,
  Projection,
  getPrimaryKeys,
} from '@grove/datasource-toolkit';
import type {
  Caller,
  Collection,
  CompositeId,
  ConditionTree,
  RecordData,
} from '@grove/datasource-toolkit';
import type { AgentServices } from '../http/agent-services';

/**
 * How a read embeds to-one relations within the caller's rights: the projection to ask the data
 * source and the pass that hides what the caller may not see.
 *
 * @example
 * ```ts
 * const readable = await readableRelations(services, caller, orders, projection);
 * const records = await readable.apply(await orders.list(caller, filter, readable.projection));
 * ```
 */
export interface ReadableRelations {
  /** The projection to read: hidden relations left out, scoped ones with their primary keys. */
  readonly projection: Projection;
  /** The records with every hidden or out-of-scope to-one relation set to null (unlinked). */
  apply(records: RecordData[]): Promise<RecordData[]>;
}

interface Plan {
  readonly projection: Projection;
  /** To-one relations on a collection the caller may not browse. */
  readonly hidden: readonly string[];
  /** To-one relations to check: a scope on the foreign collection, or below it. */
  readonly checked: readonly Checked[];
}

interface Checked {
  readonly name: string;
  readonly foreign: Collection;
  readonly scope: ConditionTree | undefined;
  readonly plan: Plan;
}

/**
 * Embeds to-one relations as the caller may read them (README "Permissions"): a relation whose
 * foreign collection the caller may not browse is neither read nor shown (null); a related
 * record outside the caller's scope of the foreign collection is shown as null, as if unlinked.
 * Nested relations (`customer:company:name`) follow the same rule at each level. The check costs
 * one query per scoped relation per page of records (never one per record), and nothing when no
 * relation is hidden or scoped: the projection and records then pass through unchanged.
 *
 * @param services - The authorization service.
 * @param caller - Who reads.
 * @param collection - The collection read.
 * @param projection - The fields asked for.
 * @example
 * ```ts
 * const readable = await readableRelations(services, caller, orders, projection);
 * const records = await readable.apply(await orders.list(caller, filter, readable.projection));
 * ```
 */
export async function readableRelations(
  services: AgentServices,
  caller: Caller,
  collection: Collection,
  projection: Projection,
): Promise<ReadableRelations> {
  const plan = await planRelations(services, caller, collection, projection);
  if (isTrivial(plan)) return { projection, apply: async records => records };

  return { projection: plan.projection, apply: records => applyPlan(caller, plan, records) };
}

async function planRelations(
  services: AgentServices,
  caller: Caller,
  collection: Collection,
  projection: Projection,
): Promise<Plan> {
  const hidden: string[] = [];
  const checked: Checked[] = [];
  const paths = [...projection.columns];
  for (const [name, sub] of Object.entries(projection.relations)) {
    const field = collection.schema.fields[name];
    if (field?.type !== 'ManyToOne' && field?.type !== 'OneToOne') {
      paths.push(...sub.nest(name));
      continue;
    }
    const foreign = collection.dataSource.getCollection(field.foreignCollection);
    if (!(await services.authorization.can(caller, 'browse', foreign.name))) {
      hidden.push(name);
      continue;
    }
    const scope = await services.authorization.getScope(caller, foreign);
    const plan = await planRelations(services, caller, foreign, sub);
    const read = scope ? plan.projection.withPks(foreign) : plan.projection;
    paths.push(...read.nest(name));
    if (scope || !isTrivial(plan)) checked.push({ name, foreign, scope, plan });
  }

  return { projection: new Projection(...paths), hidden, checked };
}

function isTrivial(plan: Plan): boolean {
  return plan.hidden.length === 0 && plan.checked.length === 0;
}

async function applyPlan(caller: Caller, plan: Plan, records: RecordData[]): Promise<RecordData[]> {
  if (isTrivial(plan)) return records;
  const copies = records.map(record => ({ ...record }));
  for (const copy of copies) for (const name of plan.hidden) copy[name] = null;

  for (const { name, foreign, scope, plan: nested } of plan.checked) {
    let holders = copies.filter(copy => isRecord(copy[name]));
    if (scope) {
      const visible = await visibleKeys(
        caller,
        foreign,
        scope,
        holders.map(h => h[name]),
      );
      for (const holder of holders) {
        if (!visible.has(keyOf(foreign, holder[name] as RecordData))) holder[name] = null;
      }
      holders = holders.filter(holder => holder[name] !== null);
    }
    const related = await applyPlan(
      caller,
      nested,
      holders.map(holder => holder[name] as RecordData),
    );
    holders.forEach((holder, index) => {
      holder[name] = related[index];
    });
  }

  return copies;
}

/** The keys of the related records that lie in the scope: ONE list call for the whole page. */
async function visibleKeys(
  caller: Caller,
  foreign: Collection,
  scope: ConditionTree,
  related: unknown[],
): Promise<Set<string>> {
  const pks = getPrimaryKeys(foreign.schema);
  const ids = new Map<string, CompositeId>();
  for (const record of related as RecordData[]) {
    ids.set(keyOf(foreign, record), pks.map(pk => record[pk]) as CompositeId);
  }
  if (ids.size === 0) return new Set();

  const tree = ConditionTreeFactory.intersect(
    scope,
    ConditionTreeFactory.matchIds(foreign.schema, [...ids.values()]),
  );
  const visible = await foreign.list(
    caller,
    new PaginatedFilter({ conditionTree: tree }),
    new Projection(...pks),
  );

  return new Set(visible.map(record => keyOf(foreign, record)));
}

function keyOf(collection: Collection, record: RecordData): string {
  return JSON.stringify(getPrimaryKeys(collection.schema).map(pk => record[pk]));
}

function isRecord(value: unknown): value is RecordData {
  return typeof value === 'object' && value !== null;
}
