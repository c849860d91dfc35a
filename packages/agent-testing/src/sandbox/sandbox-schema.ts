/** What the sandbox needs to know of an agent's schema to derive permissions. */
export interface SandboxSchema {
  readonly collections: readonly SandboxSchemaCollection[];
}

/** One collection: its name and the display names of its actions. */
export interface SandboxSchemaCollection {
  readonly name: string;
  readonly actions: readonly string[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Reads the schema file format (`{ collections: [{ name, actions: [{ name }] }], meta }`), the
 * one agents write to `.grove-schema.json` and the test client registers. Returns `undefined`
 * when the value does not have that shape.
 *
 * @example
 * ```ts
 * schemaFromSchemaFile({ collections: [{ name: 'orders', actions: [{ name: 'Refund' }] }] });
 * // { collections: [{ name: 'orders', actions: ['Refund'] }] }
 * ```
 */
export function schemaFromSchemaFile(value: unknown): SandboxSchema | undefined {
  if (!isObject(value) || !Array.isArray(value.collections)) return undefined;
  const collections: SandboxSchemaCollection[] = [];

  for (const collection of value.collections) {
    if (!isObject(collection) || typeof collection.name !== 'string') return undefined;
    const actions = asArray(collection.actions)
      .map(action => (isObject(action) ? action.name : undefined))
      .filter((name): name is string => typeof name === 'string');
    collections.push({ name: collection.name, actions });
  }

  return { collections };
}

/**
 * Reads the JSON:API document an agent uploads to `POST /forest/apimaps`: collections are the
 * `data` resources, their actions are related resources resolved through `included`.
 *
 * @example
 * ```ts
 * schemaFromApimap({
 *   data: [{ type: 'collections', id: 'orders', attributes: { name: 'orders' },
 *            relationships: { actions: { data: [{ type: 'actions', id: 'orders-0-refund' }] } } }],
 *   included: [{ type: 'actions', id: 'orders-0-refund', attributes: { name: 'Refund' } }],
 * }); // { collections: [{ name: 'orders', actions: ['Refund'] }] }
 * ```
 */
export function schemaFromApimap(value: unknown): SandboxSchema | undefined {
  if (!isObject(value) || !Array.isArray(value.data)) return undefined;
  const actionNames = new Map<string, string>();

  for (const resource of asArray(value.included)) {
    if (!isObject(resource) || resource.type !== 'actions' || !isObject(resource.attributes))
      continue;
    const { name } = resource.attributes;
    if (typeof name === 'string') actionNames.set(String(resource.id), name);
  }

  const collections: SandboxSchemaCollection[] = [];
  for (const resource of value.data) {
    if (!isObject(resource)) return undefined;
    const attributes = isObject(resource.attributes) ? resource.attributes : {};
    const name = typeof attributes.name === 'string' ? attributes.name : resource.id;
    if (typeof name !== 'string') return undefined;
    const relationships = isObject(resource.relationships) ? resource.relationships : {};
    const related = isObject(relationships.actions) ? asArray(relationships.actions.data) : [];
    const actions = related
      .map(link => (isObject(link) ? actionNames.get(String(link.id)) : undefined))
      .filter((action): action is string => action !== undefined);
    collections.push({ name, actions });
  }

  return { collections };
}
