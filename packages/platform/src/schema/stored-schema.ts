/** A segment of an uploaded collection (`id` is `<collection>.<name>`). */
export interface StoredSegment {
  readonly id: string;
  readonly name: string;
  readonly [key: string]: unknown;
}

/** An action of an uploaded collection; `name` is its display name (the permissions key). */
export interface StoredAction {
  readonly id: string;
  readonly name: string;
  readonly [key: string]: unknown;
}

/** A field of an uploaded collection. */
export interface StoredField {
  readonly field: string;
  readonly [key: string]: unknown;
}

/** A collection of an uploaded schema, its segments and actions resolved from `included`. */
export interface StoredCollection {
  readonly name: string;
  readonly fields: readonly StoredField[];
  readonly segments: readonly StoredSegment[];
  readonly actions: readonly StoredAction[];
  readonly [key: string]: unknown;
}

/**
 * The schema an environment's agent uploaded, as the platform keeps it (`environment_schemas`):
 * the agent's `{ collections, meta }` before JSON:API, without the hash (its own column).
 */
export interface StoredSchema {
  readonly collections: readonly StoredCollection[];
  readonly meta: Readonly<Record<string, unknown>>;
}
