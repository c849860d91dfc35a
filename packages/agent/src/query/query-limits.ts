/**
 * The caps on what a client may send in a query (README "Limits"): far above what the frontend
 * sends, low enough that no request can make the agent parse, validate or match for long. Beyond
 * a cap, the request is a 400 (ValidationError) whose message names the limit.
 *
 * - `searchLength`: characters of `search` (the search box; a frontend never sends a novel).
 * - `filtersLength`: characters of a `filters` JSON text (an `In` of a few thousand ids fits).
 * - `filtersDepth`: nesting of condition branches (the filter builder nests two or three).
 * - `filtersConditions`: conditions (leaves) in a filter.
 * - `sortFields`: clauses of `sort`.
 * - `projectionFields`: fields of `Forest-Projection` or `fields[…]` (relations' fields included).
 * - `selectionIds`: ids (or excluded ids) of a bulk selection: delete, dissociate, actions.
 *
 * @example
 * ```ts
 * if (search.length > queryLimits.searchLength) throw new ValidationError('Search is too long');
 * ```
 */
export const queryLimits = {
  searchLength: 1_000,
  filtersLength: 100_000,
  filtersDepth: 16,
  filtersConditions: 1_000,
  sortFields: 32,
  projectionFields: 1_000,
  selectionIds: 10_000,
} as const;
