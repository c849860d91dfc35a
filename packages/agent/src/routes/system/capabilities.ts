import { ValidationError, primitiveTypes, toSnakeCaseOperator } from '@grove/datasource-toolkit';
import type { Collection, ColumnType, FieldSchema } from '@grove/datasource-toolkit';
import type { RouteMounter } from '../../http/route-mounter';
import { isJsonObject } from '../../query/is-json-object';

/** A field as the capabilities route describes it. */
type FieldCapabilities =
  | {
      readonly name: string;
      readonly type: ColumnType;
      readonly operators: string[];
      readonly isGroupable: boolean;
    }
  | { readonly name: string; readonly type: 'ManyToOne'; readonly isGroupable: boolean };

/** A collection as the capabilities route describes it. */
interface CollectionCapabilities {
  readonly name: string;
  readonly fields: FieldCapabilities[];
  readonly aggregationCapabilities?: {
    readonly supportGroups: boolean;
    readonly supportedDateOperations: string[];
  };
}

/** What the agent tells the frontend it can do (static for Grove). */
const agentCapabilities = {
  canUseProjectionOnGetOne: true,
  canUseProjectionViaHeader: true,
  canUseProjectionViaHeaderOnList: true,
  canUseMultipleFieldsProjectionOnRelation: true,
  canUseAuditTrail: false,
} as const;

const primitives: ReadonlySet<unknown> = new Set(primitiveTypes);

/**
 * `POST /_internal/capabilities` (docs/agent-protocol.md#capabilities), no timezone: for the
 * collections named in `collectionNames` (unknown names skipped, data-source order), their
 * primitive and array-of-primitive columns with their operators in snake case and their
 * groupability, their ManyToOne relations (groupability of the foreign key), and their aggregation
 * capabilities; plus the native query connections and the agent's capabilities.
 *
 * @throws ValidationError `collectionNames must be an array of collection names` (400).
 *
 * @example
 * ```ts
 * mountCapabilities(router, services);
 * // POST /_internal/capabilities {"collectionNames":["books"]}
 * // → {"nativeQueryConnections":[{"name":"main"}],"agentCapabilities":{…},"collections":[…]}
 * ```
 */
export const mountCapabilities: RouteMounter = (router, services) => {
  router.post('/_internal/capabilities', (request, response) => {
    const body: unknown = request.body;
    const names: unknown = isJsonObject(body) ? body.collectionNames : undefined;
    if (!Array.isArray(names)) {
      throw new ValidationError('collectionNames must be an array of collection names');
    }
    const { dataSource } = services;

    response.json({
      nativeQueryConnections: Object.keys(dataSource.nativeQueryConnections).map(name => ({
        name,
      })),
      agentCapabilities,
      collections: dataSource.collections
        .filter(collection => names.includes(collection.name))
        .map(describeCollection),
    });
  });
};

function describeCollection(collection: Collection): CollectionCapabilities {
  const { fields, aggregationCapabilities } = collection.schema;
  const described = Object.entries(fields).flatMap(([name, field]) =>
    describeField(name, field, fields),
  );
  if (!aggregationCapabilities) return { name: collection.name, fields: described };

  return {
    name: collection.name,
    fields: described,
    aggregationCapabilities: {
      supportGroups:
        aggregationCapabilities.supportGroups && described.some(field => field.isGroupable),
      supportedDateOperations: [...aggregationCapabilities.supportedDateOperations],
    },
  };
}

function describeField(
  name: string,
  field: FieldSchema,
  fields: Readonly<Record<string, FieldSchema>>,
): FieldCapabilities[] {
  if (field.type === 'ManyToOne') {
    const foreignKey = fields[field.foreignKey];
    const isGroupable = foreignKey?.type === 'Column' ? foreignKey.isGroupable !== false : true;

    return [{ name, type: 'ManyToOne', isGroupable }];
  }
  if (field.type !== 'Column' || !isPrimitiveOrArrayOfPrimitive(field.columnType)) return [];

  return [
    {
      name,
      type: field.columnType,
      operators: [...(field.filterOperators ?? [])].map(toSnakeCaseOperator),
      isGroupable: field.isGroupable !== false,
    },
  ];
}

function isPrimitiveOrArrayOfPrimitive(type: ColumnType): boolean {
  if (primitives.has(type)) return true;

  return Array.isArray(type) && type.length === 1 && primitives.has(type[0]);
}
