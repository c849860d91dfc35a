/**
 * The query string of a request as routes hand it to the parsers: Express 5's default "simple"
 * parser gives a flat record with literal keys (`page[size]`, `fields[books]`) whose values are
 * strings, or arrays of strings when a key is repeated. Bulk bodies merge their
 * `all_records_subset_query` into it, so values may also be numbers, booleans or objects.
 *
 * @example
 * ```ts
 * const query: QueryParams = request.query;
 * const page = parsePage(query);
 * ```
 */
export type QueryParams = Readonly<Record<string, unknown>>;
