import {
  PaginatedFilter,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Filter,
  type ManyToOneSchema,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/**
 * Skips joins that only read the key a ManyToOne points at: `author:id` (where `id` is the
 * relation's `foreignKeyTarget`) is read from the foreign key `authorId` of the record itself.
 * - list: the projection reads the foreign key, records get `author: { id: <fk> }` (or
 *   `author: null` when the foreign key is null or undefined; `0` and `''` are kept as keys);
 *   the foreign key is dropped unless it was requested too;
 * - filters: `author:id Equal 3` becomes `authorId Equal 3` (when the foreign key supports the
 *   operator), sorts on `author:id` sort on `authorId`;
 * - aggregate: groups (and the aggregated field) on `author:id` use `authorId`, results are
 *   renamed back.
 * Only first-level relations are rewritten; a foreign key pointing at a missing record reads as a
 * relation holding that key (no join checks it).
 *
 * @example
 * ```ts
 * await books.list(caller, new PaginatedFilter({}), new Projection('title', 'author:id'));
 * // the child is asked for ['title', 'authorId']; records look like { title, author: { id: 3 } }
 * ```
 */
export class LazyJoinCollectionDecorator extends CollectionDecorator {
  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    const lazy = Object.keys(projection.relations).flatMap(name => {
      const relation = this.lazyRelation(name, projection.relations[name]?.paths ?? []);

      return relation ? [{ name, relation }] : [];
    });
    if (lazy.length === 0) return super.list(caller, filter, projection);

    const childProjection = projection.replace(path => this.toForeignKey(path) ?? path);
    const records = await super.list(caller, filter, childProjection);
    for (const record of records) {
      for (const { name, relation } of lazy) {
        const key = record[relation.foreignKey];
        record[name] =
          key === null || key === undefined ? null : { [relation.foreignKeyTarget]: key };
      }
      for (const { relation } of lazy) {
        if (!projection.includes(relation.foreignKey)) delete record[relation.foreignKey];
      }
    }

    return records;
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const rewritten = aggregation.replaceFields(field => this.toForeignKey(field) ?? field);
    const results = await super.aggregate(caller, filter, rewritten, limit);
    if (!aggregation.groups.some(({ field }) => this.toForeignKey(field))) return results;

    return results.map(({ value, group }) => ({
      value,
      group: Object.fromEntries(
        aggregation.groups.map(({ field }) => [field, group[this.toForeignKey(field) ?? field]]),
      ),
    }));
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    const conditionTree =
      filter.conditionTree?.replaceLeafs(leaf => {
        const foreignKey = this.toForeignKey(leaf.field);
        const column = foreignKey ? this.schema.fields[foreignKey] : undefined;
        const supported = column?.type === 'Column' && column.filterOperators?.has(leaf.operator);

        return foreignKey && supported ? leaf.override({ field: foreignKey }) : leaf;
      }) ?? null;
    if (!(filter instanceof PaginatedFilter) || !filter.sort) {
      return conditionTree === filter.conditionTree
        ? filter
        : (filter.override({ conditionTree }) as F);
    }

    const sort = filter.sort.replaceClauses(clause => {
      const foreignKey = this.toForeignKey(clause.field);
      const column = foreignKey ? this.schema.fields[foreignKey] : undefined;
      const sortable = column?.type === 'Column' && column.isSortable !== false;

      return foreignKey && sortable ? { field: foreignKey, ascending: clause.ascending } : clause;
    });

    // Nothing read through a foreign key: the same filter.
    return conditionTree === filter.conditionTree && sort === filter.sort
      ? filter
      : (filter.override({ conditionTree, sort }) as unknown as F);
  }

  /** The foreign key that answers `path` when it is `<manyToOne>:<foreignKeyTarget>`. */
  private toForeignKey(path: string): string | null {
    const [name, target, ...rest] = path.split(':');
    if (!name || target === undefined || rest.length > 0) return null;

    return this.lazyRelation(name, [target])?.foreignKey ?? null;
  }

  /** The relation when it is a ManyToOne and `paths` is exactly its target key. */
  private lazyRelation(name: string, paths: readonly string[]): ManyToOneSchema | null {
    const field = this.schema.fields[name];
    if (field?.type !== 'ManyToOne' || paths.length !== 1) return null;

    return paths[0] === field.foreignKeyTarget ? field : null;
  }
}
