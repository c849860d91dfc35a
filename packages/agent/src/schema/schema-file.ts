import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { ValidationError } from '@grove/datasource-toolkit';
import type { AgentSchema, SchemaMeta } from './agent-schema';
import { prettyCompactJson } from './pretty-compact-json';
import { buildSchemaMeta } from './schema-meta';

/**
 * Writes the schema file (docs/agent-protocol.md#schema-file): `{ collections, meta }` as
 * pretty-compact JSON (2-space indentation, anything fitting in 100 characters on one line) with a
 * trailing newline. The text goes to a temporary file renamed over the target, so a crash never
 * leaves half a schema.
 *
 * @param path - Where to write, e.g. `.grove-schema.json`.
 * @param schema - The generated schema.
 * @example
 * ```ts
 * await writeSchemaFile('.grove-schema.json', await generateSchema(dataSource, options));
 * ```
 */
export async function writeSchemaFile(path: string, schema: AgentSchema): Promise<void> {
  const { collections, meta } = schema;
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${prettyCompactJson({ collections, meta })}\n`, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads a schema file. An unreadable file, invalid JSON or a content without a `collections`
 * list of named collections is a ValidationError naming the path; a file without `meta` gets
 * the current one.
 *
 * @param path - The schema file.
 * @example
 * ```ts
 * const { collections } = await readSchemaFile('.grove-schema.json');
 * ```
 */
export async function readSchemaFile(path: string): Promise<AgentSchema> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ValidationError(`Can't read the schema file ${path}: ${messageOf(error)}`, {
      cause: error,
    });
  }

  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(`The schema file ${path} is not valid JSON: ${messageOf(error)}`, {
      cause: error,
    });
  }

  const { collections, meta } = (content ?? {}) as Partial<Record<keyof AgentSchema, unknown>>;
  const valid =
    Array.isArray(collections) &&
    collections.every(
      (collection: unknown) =>
        typeof collection === 'object' &&
        collection !== null &&
        typeof (collection as { name?: unknown }).name === 'string' &&
        Array.isArray((collection as { fields?: unknown }).fields),
    );
  if (!valid) {
    throw new ValidationError(
      `The schema file ${path} is not a Grove schema: expected { "collections": [{ "name", "fields", … }], "meta": {…} }.`,
    );
  }

  return {
    collections: collections as AgentSchema['collections'],
    meta: typeof meta === 'object' && meta !== null ? (meta as SchemaMeta) : buildSchemaMeta(),
  };
}

/**
 * Reads the schema file in production, where it is mandatory (docs/agent-protocol.md#schema-file):
 * a missing file is a ValidationError `Can't load <path>. Providing a schema is mandatory in
 * production.`; other problems are reported as by {@link readSchemaFile}.
 *
 * @param path - The schema file.
 * @example
 * ```ts
 * const schema = options.isProduction
 *   ? await loadSchemaFile(options.schemaPath)
 *   : await generateSchema(dataSource, options);
 * ```
 */
export async function loadSchemaFile(path: string): Promise<AgentSchema> {
  try {
    return await readSchemaFile(path);
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause?.code !== 'ENOENT') throw error;
    throw new ValidationError(
      `Can't load ${path}. Providing a schema is mandatory in production.`,
      { cause },
    );
  }
}

// Not `instanceof Error`: errors of Node's core may come from another realm (e.g. under jest).
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;

  return typeof message === 'string' ? message : String(error);
}
