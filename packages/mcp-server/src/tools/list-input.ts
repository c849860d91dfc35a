import type { ListOptions } from '@grove/agent-client';
import { ValidationError } from '@grove/datasource-toolkit';
import type { PlainConditionTree } from '@grove/datasource-toolkit';
import { z } from 'zod';

import { parseJsonInput } from './parse-json-input';
import {
  conditionTreeSchema,
  fieldsSchema,
  filtersSchema,
  paginationSchema,
  sortSchema,
} from './tool-input-schemas';

/** The inputs `list` and `listRelated` share (besides the collection). */
export const listInputShape = {
  search: z.string().max(1000).optional().describe('Full-text search.'),
  filters: filtersSchema.optional(),
  sort: sortSchema.optional(),
  shouldSearchInRelation: z
    .boolean()
    .optional()
    .describe('Extend the search to the fields of to-one relations (default false).'),
  fields: fieldsSchema.optional(),
  pagination: paginationSchema.optional(),
  enableCount: z.boolean().optional().describe('Also return totalCount (default false).'),
};

/** The list output: records with their schema field names, and the count when asked. */
export const listOutputShape = {
  records: z.array(z.record(z.string(), z.unknown())),
  totalCount: z.number().optional(),
};

/** The parsed list inputs. */
export type ListInput = z.output<z.ZodObject<typeof listInputShape>>;

/** The filters as a tree; a JSON string is parsed and checked like an object would be. */
function readFilters(filters: unknown): PlainConditionTree {
  if (typeof filters !== 'string') return filters as PlainConditionTree;
  const parsed = conditionTreeSchema.safeParse(parseJsonInput(filters, 'filters'));
  if (!parsed.success) {
    throw new ValidationError(`Invalid filters: ${z.prettifyError(parsed.error)}`);
  }

  return parsed.data as PlainConditionTree;
}

/**
 * Converts the tool inputs to agent-client list options (JSON-string filters parsed; pagination
 * defaults to 15 per page from page 1 when given).
 *
 * @example
 * ```ts
 * toListOptions({ sort: { field: 'title' }, pagination: {} });
 * // { sort: [{ field: 'title', ascending: true }], pagination: { size: 15, number: 1 } }
 * ```
 */
export function toListOptions(input: ListInput): ListOptions {
  const sort = input.sort === undefined ? undefined : [input.sort].flat();

  return {
    ...(input.search === undefined ? {} : { search: input.search }),
    ...(input.shouldSearchInRelation === undefined
      ? {}
      : { searchExtended: input.shouldSearchInRelation }),
    ...(input.filters === undefined ? {} : { filters: readFilters(input.filters) }),
    ...(sort === undefined
      ? {}
      : { sort: sort.map(({ field, ascending }) => ({ field, ascending: ascending ?? true })) }),
    ...(input.fields === undefined ? {} : { fields: input.fields }),
    ...(input.pagination === undefined
      ? {}
      : {
          pagination: { size: input.pagination.size ?? 15, number: input.pagination.number ?? 1 },
        }),
  };
}
