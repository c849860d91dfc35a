import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  Filter,
  NotFoundError,
  Page,
  PaginatedFilter,
  Projection,
  getFieldValue,
  getPrimaryKeys,
  getValueById,
} from '@grove/datasource-toolkit';
import type {
  Caller,
  Collection,
  CompositeId,
  ManyToOneSchema,
  OneToOneSchema,
  RecordData,
} from '@grove/datasource-toolkit';
import type { AgentServices } from '../../http/agent-services';
import { parseId } from '../../query/parse-id';

/**
 * The foreign-key value a ManyToOne link writes: the target's `foreignKeyTarget`, read from the
 * target record, or null to unlink. Linking needs `browse` on the foreign collection and a
 * target within the caller's scope of it (else 403 / 404, and nothing is written): a link must
 * not reveal, nor point at, a record the caller cannot see.
 *
 * @throws ForbiddenError without browse on the foreign collection; NotFoundError when the target
 *   does not exist or lies outside the caller's scope.
 *
 * @example
 * ```ts
 * patch.authorId = await manyToOneValue(services, caller, books, relation, '3');
 * ```
 */
export async function manyToOneValue(
  services: AgentServices,
  caller: Caller,
  collection: Collection,
  relation: ManyToOneSchema,
  packedId: string | null,
): Promise<unknown> {
  if (packedId === null) return null;
  const foreign = collection.dataSource.getCollection(relation.foreignCollection);
  const target = await readableTarget(services, caller, foreign, packedId, [
    relation.foreignKeyTarget,
  ]);

  return getFieldValue(target, relation.foreignKeyTarget);
}

/**
 * The record a to-one link points at, read within the caller's scope of the foreign collection
 * after checking `browse` on it.
 *
 * @throws ForbiddenError without browse; NotFoundError when absent or out of scope.
 */
async function readableTarget(
  services: AgentServices,
  caller: Caller,
  foreign: Collection,
  packedId: string,
  fields: string[],
): Promise<RecordData> {
  await services.authorization.assertCan(caller, 'browse', foreign.name);
  const scope = await services.authorization.getScope(caller, foreign);
  const byId = ConditionTreeFactory.matchIds(foreign.schema, [parseId(foreign, packedId)]);
  const [target] = await foreign.list(
    caller,
    new PaginatedFilter({
      conditionTree: ConditionTreeFactory.intersect(byId, scope ?? null),
      page: new Page(0, 1),
    }),
    new Projection(...fields).withPks(foreign),
  );
  if (!target) throw new NotFoundError(`Record ${packedId} of '${foreign.name}' was not found`);

  return target;
}

/** The OneToOne relation {@link linkOneToOne} points, and at what. */
export interface OneToOneLink {
  /** The parent collection, owner of the relation. */
  readonly collection: Collection;
  readonly relation: OneToOneSchema;
  readonly parentId: CompositeId;
  /** The foreign record to link (packed id), or `null` to detach the current one. */
  readonly packedTargetId: string | null;
}

/**
 * Points a OneToOne relation of `parent` at one foreign record (or none): the record(s) linked
 * now are detached (origin key nulled), then the target gets the parent's key — both within the
 * caller's scope of the foreign collection, after checking `edit` on it
 * (docs/agent-protocol.md#create, docs/agent-protocol.md#to-one-relations) and, before anything is
 * written, that the target is readable (browse, in scope; else 403 / 404).
 *
 * @example
 * ```ts
 * await linkOneToOne(services, caller, { collection: persons, relation, parentId, packedTargetId: '12' });
 * ```
 */
export async function linkOneToOne(
  services: AgentServices,
  caller: Caller,
  link: OneToOneLink,
): Promise<void> {
  const { collection, relation, parentId, packedTargetId } = link;
  const foreign = collection.dataSource.getCollection(relation.foreignCollection);
  await services.authorization.assertCan(caller, 'edit', foreign.name);
  if (packedTargetId !== null) await readableTarget(services, caller, foreign, packedTargetId, []);
  const scope = await services.authorization.getScope(caller, foreign);
  const originValue = await getValueById(caller, collection, parentId, relation.originKeyTarget);
  const targetTree =
    packedTargetId === null
      ? null
      : ConditionTreeFactory.matchIds(foreign.schema, [parseId(foreign, packedTargetId)]);

  const linkedNow = ConditionTreeFactory.intersect(
    new ConditionTreeLeaf(relation.originKey, 'Equal', originValue),
    targetTree?.inverse() ?? null,
    scope ?? null,
  );
  // Detach and attach in one transaction: a failing attach keeps the current link.
  await services.dataSource.transaction(async () => {
    // Updating no record is a no-op, so the detach needs no count first.
    await foreign.update(caller, new Filter({ conditionTree: linkedNow }), {
      [relation.originKey]: null,
    });

    if (targetTree) {
      const tree = ConditionTreeFactory.intersect(targetTree, scope ?? null);
      await foreign.update(caller, new Filter({ conditionTree: tree }), {
        [relation.originKey]: originValue,
      });
    }
  });
}

/** The primary-key fields of a packed id, as a partial record (to echo a linked relation). */
export function primaryKeyRecord(collection: Collection, packedId: string): RecordData {
  const id = parseId(collection, packedId);

  return Object.fromEntries(getPrimaryKeys(collection.schema).map((pk, i) => [pk, id[i]]));
}
