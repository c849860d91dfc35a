import {
  ConditionTreeFactory,
  getColumnSchema,
  isToOne,
  type Collection,
  type ColumnSchema,
  type ConditionTree,
} from '@grove/datasource-toolkit';
import { parseSearchQuery, type SearchNode, type SearchTerm } from './parse-search-query';
import { searchFieldCondition } from './search-field-condition';
import type { SearchOptions } from './search-definition';

interface SearchField {
  readonly path: string;
  readonly column: ColumnSchema;
}

/**
 * Grove's default search: turns a search query into a condition tree over the collection's
 * columns (and, when extended, the columns of its first-level to-one relations). Each term must
 * match one of the fields (a negated term: none of them); a term no field can use matches
 * nothing. Returns `null` when the query restricts nothing.
 *
 * @example
 * ```ts
 * buildSearchTree(books, 'dune -messiah price:>10', { extended: true }, 'Europe/Paris');
 * ```
 */
export function buildSearchTree(
  collection: Collection,
  query: string,
  options: SearchOptions,
  timezone: string,
): ConditionTree | null {
  const node = parseSearchQuery(query);
  if (!node) return null;

  const excluded = new Set(options.excludeFields ?? []);
  const keep = (field: SearchField) => !excluded.has(field.path);
  const resolve = (path: string): SearchField => ({
    path,
    column: getColumnSchema(collection, path),
  });

  const own = columnsOf(collection, '');
  const related = relatedColumns(collection);
  const only = options.onlyFields?.map(resolve);
  const included = (options.includeFields ?? []).map(resolve);
  const defaults = [...(only ?? [...own, ...(options.extended ? related : [])]), ...included];
  const candidates = [...(only ?? [...own, ...related]), ...included];

  const context: BuildContext = {
    defaults: dedupe(defaults.filter(keep)),
    candidates: candidates.filter(keep),
    timezone,
  };

  return buildNode(node, context);
}

interface BuildContext {
  readonly defaults: readonly SearchField[];
  readonly candidates: readonly SearchField[];
  readonly timezone: string;
}

function buildNode(node: SearchNode, context: BuildContext): ConditionTree | null {
  if (node.kind === 'Term') return buildTerm(node, context);

  const trees = node.nodes.map(child => buildNode(child, context));
  if (node.kind === 'And') return ConditionTreeFactory.intersect(...trees);

  // `null` matches everything: an Or with such a member matches everything too.
  return trees.includes(null) ? null : ConditionTreeFactory.union(...trees);
}

function buildTerm(term: SearchTerm, context: BuildContext): ConditionTree | null {
  let fields = context.defaults;
  let searched = term;
  if (term.field !== null) {
    const wanted = normalize(term.field);
    const field = context.candidates.find(candidate => normalize(candidate.path) === wanted);
    if (field) fields = [field];
    // An unknown field: the whole `field:value` text is an ordinary term.
    else searched = { ...term, field: null, value: `${term.field}:${term.value}` };
  }

  const trees = fields
    .map(({ path, column }) => searchFieldCondition(path, column, searched, context.timezone))
    .filter((tree): tree is ConditionTree => tree !== null);

  if (searched.negated) return ConditionTreeFactory.intersect(...trees);
  if (trees.length === 0) return ConditionTreeFactory.MatchNone;

  return trees.length === 1 ? (trees[0] as ConditionTree) : ConditionTreeFactory.union(...trees);
}

/** Field names in queries are lenient: case, `-` and `_` are ignored, `.` stands for `:`. */
function normalize(path: string): string {
  return path.toLowerCase().replace(/[-_]/g, '').replace(/\./g, ':');
}

function columnsOf(collection: Collection, prefix: string): SearchField[] {
  return Object.entries(collection.schema.fields).flatMap(([name, field]) =>
    field.type === 'Column' ? [{ path: `${prefix}${name}`, column: field }] : [],
  );
}

function relatedColumns(collection: Collection): SearchField[] {
  return Object.entries(collection.schema.fields).flatMap(([name, field]) =>
    isToOne(field)
      ? columnsOf(collection.dataSource.getCollection(field.foreignCollection), `${name}:`)
      : [],
  );
}

function dedupe(fields: readonly SearchField[]): SearchField[] {
  const seen = new Set<string>();

  return fields.filter(({ path }) => !seen.has(path) && Boolean(seen.add(path)));
}
