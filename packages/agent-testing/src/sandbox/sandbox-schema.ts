import { parseApimap, parseSchemaFile, toSandboxSchema } from '@grove/platform';
import type { SandboxSchema } from '@grove/platform';

export type { SandboxSchema, SandboxSchemaCollection } from '@grove/platform';

/**
 * What the sandbox keeps of a schema file (`{ collections: [{ name, actions: [{ name }] }],
 * meta }`, what agents write to `.grove-schema.json` and the test client registers): read by the
 * platform's `parseSchemaFile`. `undefined` when the platform would refuse it.
 *
 * @example
 * ```ts
 * schemaFromSchemaFile({ collections: [{ name: 'orders', actions: [{ name: 'Refund' }] }] });
 * // { collections: [{ name: 'orders', actions: ['Refund'] }] }
 * ```
 */
export function schemaFromSchemaFile(value: unknown): SandboxSchema | undefined {
  try {
    return toSandboxSchema(parseSchemaFile(value).schema);
  } catch {
    return undefined;
  }
}

/**
 * What the sandbox keeps of a JSON:API document uploaded to `POST /forest/apimaps`: read by the
 * platform's `parseApimap` as its sandbox mode does (no hash needed). `undefined` when refused.
 *
 * @example
 * ```ts
 * schemaFromApimap({ data: [{ type: 'collections', id: 'orders', attributes: { name: 'orders' } }] });
 * // { collections: [{ name: 'orders', actions: [] }] }
 * ```
 */
export function schemaFromApimap(value: unknown): SandboxSchema | undefined {
  try {
    return toSandboxSchema(parseApimap(value, { hashOptional: true }).schema);
  } catch {
    return undefined;
  }
}
