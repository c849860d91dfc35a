import { Filter, NotFoundError, makeForeignFilter } from '@grove/datasource-toolkit';
import type {
  Caller,
  Collection,
  CompositeId,
  ConditionTree,
  ManyToManySchema,
  OneToManySchema,
} from '@grove/datasource-toolkit';
import type { Request } from 'express';
import type { AgentServices } from '../../http/agent-services';
import { collectionOf } from '../../http/collection-of';
import { parseId } from '../../query/parse-id';

/** The parent, relation and foreign collection of a to-many related route. */
export interface ToManyContext {
  readonly parent: Collection;
  readonly parentId: CompositeId;
  readonly relationName: string;
  readonly relation: OneToManySchema | ManyToManySchema;
  readonly foreign: Collection;
}

/**
 * Resolves `/{c}/{parentId}/relationships/{rel}` for a OneToMany or ManyToMany relation (other
 * names → 404). `relationName` may carry a `.csv` suffix, which the caller strips first.
 *
 * @example
 * ```ts
 * const { foreign, parentId } = toManyContext(services, request, 'reviews');
 * ```
 */
export function toManyContext(
  services: AgentServices,
  request: Request,
  relationName: string,
): ToManyContext {
  const parent = collectionOf(services.dataSource, String(request.params.collectionName));
  const relation = parent.schema.fields[relationName];
  if (relation?.type !== 'OneToMany' && relation?.type !== 'ManyToMany') {
    throw new NotFoundError(`Relation '${parent.name}.${relationName}' not found`);
  }
  const parentId = parseId(parent, String(request.params.id));
  const foreign = parent.dataSource.getCollection(relation.foreignCollection);

  return { parent, parentId, relationName, relation, foreign };
}

/**
 * The condition selecting the foreign records linked to the parent (through the through
 * collection for ManyToMany).
 *
 * @example
 * ```ts
 * const tree = await linkedRecordsTree(caller, context);
 * ```
 */
export async function linkedRecordsTree(
  caller: Caller,
  context: ToManyContext,
): Promise<ConditionTree> {
  const filter = await makeForeignFilter(
    caller,
    context.parent,
    context.parentId,
    context.relationName,
    new Filter({}),
  );

  return filter.conditionTree as ConditionTree;
}
