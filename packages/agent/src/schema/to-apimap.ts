import type { AgentSchema, SchemaMeta } from './agent-schema';

/** A link to an included resource. */
export interface ApimapLink {
  id: string;
  type: 'actions' | 'segments';
}

/** A resource of the apimap document. */
export interface ApimapResource {
  id: string;
  type: 'collections' | 'actions' | 'segments';
  attributes: Record<string, unknown>;
  relationships?: {
    actions: { data: ApimapLink[] };
    segments: { data: ApimapLink[] };
  };
}

/** The JSON:API document of `POST /forest/apimaps` (docs/agent-protocol.md#schema-publication). */
export interface Apimap {
  data: ApimapResource[];
  included: ApimapResource[];
  meta: SchemaMeta & { schemaFileHash: string };
}

/**
 * Builds the document the agent uploads to the platform
 * (docs/agent-protocol.md#schema-publication): one `collections` resource per collection (id = its
 * name) whose attributes are the collection object without `actions` and `segments`, which become
 * relationships to `actions` and `segments` resources listed in `included`; the top-level `meta` is
 * the schema meta plus `schemaFileHash`. Attributes keep `name` (and `id` for actions and
 * segments), as the readers of this document expect.
 *
 * @param schema - The schema.
 * @param hash - Its {@link computeSchemaHash}.
 * @example
 * ```ts
 * const hash = computeSchemaHash(schema);
 * if (await platform.checkSchemaHash(hash)) await platform.uploadSchema(toApimap(schema, hash));
 * ```
 */
export function toApimap(schema: AgentSchema, hash: string): Apimap {
  const included: ApimapResource[] = [];
  const data = schema.collections.map((collection): ApimapResource => {
    const { actions, segments, ...attributes } = collection;
    const actionLinks = actions.map(action => {
      included.push({ id: action.id, type: 'actions', attributes: { ...action } });

      return { id: action.id, type: 'actions' as const };
    });
    const segmentLinks = segments.map(segment => {
      included.push({ id: segment.id, type: 'segments', attributes: { ...segment } });

      return { id: segment.id, type: 'segments' as const };
    });

    return {
      id: collection.name,
      type: 'collections',
      attributes,
      relationships: { actions: { data: actionLinks }, segments: { data: segmentLinks } },
    };
  });

  return { data, included, meta: { ...schema.meta, schemaFileHash: hash } };
}
