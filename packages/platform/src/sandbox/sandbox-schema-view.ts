import type { StoredSchema } from '../schema/stored-schema';

/** What a test sees of an environment's stored schema: collections and their action names. */
export interface SandboxSchema {
  readonly collections: readonly SandboxSchemaCollection[];
}

/** One collection: its name and the display names of its actions. */
export interface SandboxSchemaCollection {
  readonly name: string;
  readonly actions: readonly string[];
}

/**
 * The short view of a stored schema that the test kit shows (`sandbox.schema(envSecret)`).
 *
 * @example
 * ```ts
 * toSandboxSchema(stored); // { collections: [{ name: 'orders', actions: ['Refund'] }] }
 * ```
 */
export function toSandboxSchema(schema: StoredSchema): SandboxSchema {
  return {
    collections: schema.collections.map(collection => ({
      name: collection.name,
      actions: collection.actions.map(action => action.name),
    })),
  };
}
