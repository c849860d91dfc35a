import type { AgentSchema } from '@grove/agent-client';
import { allOperators, parseOperator } from '@grove/datasource-toolkit';
import { z } from 'zod';

/** How deep `filters` branches may nest (`{ aggregator, conditions }` levels). */
export const MAX_FILTER_DEPTH = 3;

/**
 * The `collectionName` input: an enum of the schema's collections when the schema is known
 * (an unknown name then fails input validation), else a free string.
 *
 * @example
 * ```ts
 * collectionNameSchema(schema).parse('books'); // 'books'
 * ```
 */
export function collectionNameSchema(schema: AgentSchema | undefined): z.ZodType<string> {
  const names = schema?.collections.map(collection => collection.name) ?? [];
  const [first, ...others] = names;
  const base = first === undefined ? z.string().min(1) : z.enum([first, ...others]);

  return base.describe('The collection, by its name in the schema (see describeCollection).');
}

/** A record id: a number, a string (composite keys packed as `"k1|k2"`) or the key's values. */
export const recordIdSchema = z
  .union([z.string().min(1), z.number(), z.array(z.union([z.string(), z.number()])).min(1)])
  .describe('A record id: a number, a string, or for composite keys ["k1", "k2"] or "k1|k2".');

/** Ids of several records. */
export const recordIdsSchema = z.array(recordIdSchema).min(1).max(1000);

const operatorSchema = z
  .string()
  .refine(operator => parseOperator(operator) !== undefined, {
    message: 'Unknown operator (see the list in the description)',
  })
  .describe(`A filter operator, in any casing: ${allOperators.join(', ')}.`);

const leafSchema = z.object({
  field: z.string().min(1).describe('A field, or "relation:field" on a to-one relation.'),
  operator: operatorSchema,
  value: z.unknown().optional(),
});

const aggregatorSchema = z
  .string()
  .refine(aggregator => ['and', 'or'].includes(aggregator.toLowerCase()), {
    message: 'The aggregator is And or Or',
  })
  .describe('And or Or (any casing).');

function conditionSchema(depth: number): z.ZodType {
  if (depth === 0) return leafSchema;
  const branch = z.object({
    aggregator: aggregatorSchema,
    conditions: z.array(conditionSchema(depth - 1)).max(100),
  });

  return z.union([leafSchema, branch]);
}

/**
 * A condition tree: a leaf `{ field, operator, value }` or a branch
 * `{ aggregator, conditions }`, at most three branch levels), operators in any casing.
 *
 * @example
 * ```ts
 * conditionTreeSchema.parse({ field: 'title', operator: 'icontains', value: 'dune' });
 * ```
 */
export const conditionTreeSchema = conditionSchema(MAX_FILTER_DEPTH);

/**
 * The `filters` input: {@link conditionTreeSchema}, or the same tree as a JSON string (checked
 * against it once parsed).
 *
 * @example
 * ```ts
 * filtersSchema.parse('{"field":"id","operator":"equal","value":1}');
 * ```
 */
export const filtersSchema = z
  .union([conditionTreeSchema, z.string()])
  .describe(
    'A condition tree: { field, operator, value } or { aggregator: "And"|"Or", conditions: [...] }.',
  );

/** A JSON object, or the same object as a JSON string (models often send one). */
export function jsonObjectSchema(description: string) {
  return z.union([z.record(z.string(), z.unknown()), z.string()]).describe(description);
}

/** The `sort` input: one clause or several, `ascending` true by default. */
export const sortSchema = z
  .union([
    z.object({ field: z.string().min(1), ascending: z.boolean().optional() }),
    z.array(z.object({ field: z.string().min(1), ascending: z.boolean().optional() })).max(10),
  ])
  .describe('{ field, ascending? } (or a list of them); "relation:field" sorts on a relation.');

/** The `pagination` input; 15 per page from page 1 when given without values. */
export const paginationSchema = z
  .object({
    size: z.number().int().min(1).max(1000).optional(),
    number: z.number().int().min(1).optional(),
  })
  .describe('{ size (default 15), number (1-based, default 1) }.');

/** The `fields` input: a projection, with `relation:field` (or `relation@@@field`) sub-fields. */
export const fieldsSchema = z
  .array(z.string().min(1))
  .max(200)
  .describe('The fields to return; "relation:field" (or "relation@@@field") for a related field.');
