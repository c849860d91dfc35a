import {
  allowedOperatorsFor,
  primitiveTypes,
  toSnakeCaseOperator,
} from '@grove/datasource-toolkit';
import type { ColumnType, PrimitiveType } from '@grove/datasource-toolkit';

import { handle } from '../../http/async-handler';
import { idParam } from '../../http/admin-input';
import { projectOf } from '../../http/middlewares/require-project-admin';
import type { PlatformRouteMounter } from '../../http/platform-router-mounter';
import { loadEnvironmentSchema } from '../../schema/load-environment-schema';
import type { StoredCollection, StoredField } from '../../schema/stored-schema';
import { findInProject } from './find-in-project';

/** A field as the console edits conditions on it. */
interface SchemaFieldJson {
  readonly name: string;
  readonly type: string;
  /** Wire (snake case) operators a condition on it may use; empty when not filterable. */
  readonly filterOperators: readonly string[];
}

function columnTypeOf(type: unknown): ColumnType | undefined {
  if (typeof type === 'string') {
    return primitiveTypes.includes(type as PrimitiveType) ? (type as PrimitiveType) : undefined;
  }
  if (Array.isArray(type)) return ['String'];
  if (typeof type === 'object' && type !== null) return { value: 'String' };

  return undefined;
}

function fieldJson(field: StoredField): SchemaFieldJson | null {
  // Relations (a `reference`) are not columns a scope filters on.
  if (typeof field.field !== 'string' || (field.reference ?? null) !== null) return null;
  const columnType = columnTypeOf(field.type);
  const filterable = field.isFilterable !== false && columnType !== undefined;

  return {
    name: field.field,
    type: typeof field.type === 'string' ? field.type : JSON.stringify(field.type),
    filterOperators: filterable
      ? [...allowedOperatorsFor(columnType)].map(toSnakeCaseOperator).sort()
      : [],
  };
}

function collectionJson(collection: StoredCollection) {
  return {
    name: collection.name,
    fields: collection.fields.map(fieldJson).filter(field => field !== null),
    actions: collection.actions.map(action => ({ name: action.name })),
  };
}

/**
 * `GET /api/admin/projects/:projectId/environments/:environmentId/schema`: the collections the
 * environment's agent last uploaded, as the console needs them for rights and scopes —
 * `{ data: { collections: [{ name, fields: [{ name, type, filterOperators }], actions:
 * [{ name }] }] } }` (an empty list until an agent has sent a schema). Operators are derived
 * from each column type, in the protocol's snake case.
 *
 * @example
 * ```ts
 * mountEnvironmentSchema(router, context);
 * ```
 */
export const mountEnvironmentSchema: PlatformRouteMounter = (router, context) => {
  router.get(
    '/api/admin/projects/:projectId/environments/:environmentId/schema',
    handle(async (req, res) => {
      const environment = await findInProject(
        context.db,
        'Environment',
        projectOf(res).id,
        idParam(req, 'environmentId'),
      );
      const loaded = await loadEnvironmentSchema(context.db, environment.id);
      res.json({
        data: { collections: (loaded?.schema.collections ?? []).map(collectionJson) },
      });
    }),
  );
};
