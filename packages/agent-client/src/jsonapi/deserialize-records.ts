/** A record as the client returns it: schema field names, to-one relations as nested records. */
export type AgentRecord = Record<string, unknown>;

/** How records are read. */
export interface DeserializeOptions {
  /**
   * Also expose each `snake_case` / `kebab-case` key under its camelCase name (`first_name` →
   * `firstName`), as the vendor's test client names them: a non-enumerable alias, so the record
   * still lists, spreads and compares with its schema names only. A key that exists wins.
   */
  readonly camelCaseAliases?: boolean;
}

function camelCase(name: string): string {
  return name.replace(/[_-]+([a-zA-Z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function addCamelCaseAliases(record: AgentRecord): void {
  for (const key of Object.keys(record)) {
    const alias = camelCase(key);
    if (alias === key || alias in record) continue;
    Object.defineProperty(record, alias, {
      enumerable: false,
      configurable: true,
      get: () => record[key],
      set: (value: unknown) => {
        record[key] = value;
      },
    });
  }
}

interface Identifier {
  readonly type: string;
  readonly id: string;
}

interface Resource extends Identifier {
  readonly attributes?: Record<string, unknown>;
  readonly relationships?: Record<string, { data?: Identifier | Identifier[] | null }>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResource(value: unknown): value is Resource {
  return isObject(value) && typeof value.type === 'string' && value.id !== undefined;
}

class Deserializer {
  private readonly included = new Map<string, Resource>();

  // Primary resources are linkable too: an included record may point back at one of them.
  constructor(
    data: unknown,
    included: unknown,
    private readonly options: DeserializeOptions,
  ) {
    const all = [
      ...(Array.isArray(data) ? data : [data]),
      ...(Array.isArray(included) ? included : []),
    ];
    for (const resource of all) {
      if (isResource(resource)) this.included.set(`${resource.type}/${resource.id}`, resource);
    }
  }

  record(resource: Resource, path: ReadonlySet<string> = new Set()): AgentRecord {
    const key = `${resource.type}/${resource.id}`;
    const record: AgentRecord = { ...resource.attributes };
    // A resource already on the path (A → B → A) is given its attributes only: no cycles.
    if (path.has(key)) return record;
    const nextPath = new Set(path).add(key);

    for (const [name, relationship] of Object.entries(resource.relationships ?? {})) {
      // Relations without `data` are to-many links: never embedded by the protocol.
      if (!isObject(relationship) || !('data' in relationship)) continue;
      const { data } = relationship;
      if (data === null || data === undefined) record[name] = null;
      else if (Array.isArray(data)) record[name] = data.map(item => this.linked(item, nextPath));
      else record[name] = this.linked(data, nextPath);
    }
    if (this.options.camelCaseAliases === true) addCamelCaseAliases(record);

    return record;
  }

  private linked(identifier: Identifier, path: ReadonlySet<string>): AgentRecord {
    const resource = this.included.get(`${identifier.type}/${identifier.id}`);

    return resource === undefined ? {} : this.record(resource, path);
  }
}

/**
 * Reads a JSON:API list document into records keeping the schema field names: attributes as
 * they are, to-one relations as nested records (from `included`, recursively), `null` when unset.
 * `{ camelCaseAliases: true }` adds non-enumerable camelCase aliases of the keys.
 *
 * @example
 * ```ts
 * deserializeRecords({ data: [{ type: 'books', id: '1', attributes: { id: 1, title: 'Dune' },
 *   relationships: { author: { data: { type: 'persons', id: '3' } } } }],
 *   included: [{ type: 'persons', id: '3', attributes: { id: 3, last_name: 'Herbert' } }] });
 * // [{ id: 1, title: 'Dune', author: { id: 3, last_name: 'Herbert' } }]
 * ```
 */
export function deserializeRecords(
  document: unknown,
  options: DeserializeOptions = {},
): AgentRecord[] {
  if (!isObject(document) || !Array.isArray(document.data)) return [];
  const deserializer = new Deserializer(document.data, document.included, options);

  return document.data.filter(isResource).map(resource => deserializer.record(resource));
}

/**
 * Reads a JSON:API single-record document (`data` object or `null`).
 *
 * @example
 * ```ts
 * deserializeRecord({ data: { type: 'books', id: '1', attributes: { id: 1 } } }); // { id: 1 }
 * deserializeRecord({ data: null }); // null
 * ```
 */
export function deserializeRecord(
  document: unknown,
  options: DeserializeOptions = {},
): AgentRecord | null {
  if (!isObject(document) || !isResource(document.data)) return null;

  return new Deserializer(document.data, document.included, options).record(document.data);
}
