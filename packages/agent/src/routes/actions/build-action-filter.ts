import {
  ConditionTreeFactory,
  ValidationError,
  makeForeignFilter,
} from '@grove/datasource-toolkit';
import type { Caller, Collection, Filter } from '@grove/datasource-toolkit';
import type { AgentServices } from '../../http/agent-services';
import { collectionOf } from '../../http/collection-of';
import { buildFilter } from '../../query/build-filter';
import { parseId } from '../../query/parse-id';
import { parseSelection, selectionTree } from '../../query/parse-selection';
import { assertBrowsablePaths } from '../assert-browsable-paths';
import { requestedPaths } from '../scoped-filter';
import type { Selection } from '../../query/parse-selection';
import type { QueryParams } from '../../query/query-params';

/**
 * What {@link buildActionFilter} reads.
 *
 * @example
 * ```ts
 * const options: ActionFilterOptions = {
 *   services, collection: books, actionName: 'Mark as live', caller,
 *   body: request.body, query: request.query,
 * };
 * ```
 */
export interface ActionFilterOptions {
  readonly services: AgentServices;
  readonly collection: Collection;
  readonly actionName: string;
  readonly caller: Caller;
  /** The request body (for an approval, the signed payload). */
  readonly body: unknown;
  /** The query string (`request.query`). */
  readonly query: QueryParams;
  /** Leaves the caller's scope out (who may approve is judged on the whole selection). */
  readonly withoutScope?: boolean;
}

/**
 * The records an action runs on (docs/agent-protocol.md#execute): the list view's filters, search
 * and segment (`all_records_subset_query` first, docs/agent-protocol.md#bulk-selection) ∧ the
 * caller's scope ∧ the selection — the ids, or all records minus the excluded ids; a Global action
 * ignores ids — and, in a related-data view, only records linked to the parent record through
 * `parent_association_name`.
 *
 * @throws ValidationError for a missing selection, a bad id, filter or segment, or a parent
 *   association that is not a to-many relation towards this collection.
 *
 * @example
 * ```ts
 * const filter = await buildActionFilter({ services, collection, actionName, caller, body, query });
 * await collection.execute(caller, actionName, values, filter);
 * ```
 */
export async function buildActionFilter(options: ActionFilterOptions): Promise<Filter> {
  const { services, collection, actionName, caller, body, query } = options;
  const isGlobal = collection.schema.actions[actionName]?.scope === 'Global';
  const selection = parseSelection(isGlobal ? withoutIds(body) : body, query, collection);
  const scope = options.withoutScope
    ? undefined
    : await services.authorization.getScope(caller, collection);

  const requested = buildFilter(collection, selection.query, { timezone: caller.timezone });
  await assertBrowsablePaths(services, caller, collection, requestedPaths(requested));
  const filter = requested.override({
    conditionTree: ConditionTreeFactory.intersect(
      requested.conditionTree,
      scope,
      isGlobal ? undefined : selectionTree(collection, selection),
    ),
  });
  if (!selection.parent) return filter;

  return restrictToParent(services, caller, collection, filter, selection.parent);
}

async function restrictToParent(
  services: AgentServices,
  caller: Caller,
  collection: Collection,
  filter: Filter,
  parent: NonNullable<Selection['parent']>,
): Promise<Filter> {
  const parentCollection = collectionOf(services.dataSource, parent.collectionName);
  const relation = parentCollection.schema.fields[parent.association];
  const isToMany = relation?.type === 'OneToMany' || relation?.type === 'ManyToMany';
  if (!isToMany || relation.foreignCollection !== collection.name) {
    throw new ValidationError(
      `'${parentCollection.name}.${parent.association}' is not a to-many relation towards ` +
        `'${collection.name}'.`,
    );
  }

  const parentId = parseId(parentCollection, parent.id);

  return makeForeignFilter(caller, parentCollection, parentId, parent.association, filter);
}

/**
 * The body with the ids dropped, so that parsing a Global action's body keeps the list view's
 * query (the subset query) without requiring, or reading, a selection.
 */
function withoutIds(body: unknown): unknown {
  const root = isRecord(body) ? body : {};
  const data = isRecord(root.data) ? root.data : {};
  const attributes = isRecord(data.attributes) ? data.attributes : {};

  return { ...root, data: { ...data, attributes: { ...attributes, ids: [], all_records: false } } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
