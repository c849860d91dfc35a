import type { ConditionTreeLeaf } from '@grove/datasource-toolkit';
import {
  aggregateInMemory,
  type PaginatedFilter,
  ValidationError,
  isToOne,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  type Filter,
  type Projection,
  type RecordData,
  type RelationSchema,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { buildRelationSchema } from './build-relation-schema';
import { fetchRelatedRecords } from './fetch-related-records';
import type { RelationDefinition } from './relation-definition';
import { rewriteRelationLeaf } from './rewrite-relation-leaf';

/**
 * How many relations the collections of each layer emulate. While a layer emulates none, a
 * list crosses it untouched (nothing to rewrite, through relations either).
 */
const emulatedRelations = new WeakMap<object, number>();

/**
 * Adds relations the data source does not know, and emulates them:
 * - list: `author:name` is read by listing the child with the foreign key, then ONE `list` of
 *   the foreign collection per relation and batch (`foreignKeyTarget In [...]`), so no N+1;
 * - filters: a leaf on `author:name` lists the matching authors, then becomes `authorId In [...]`;
 * - sort through an emulated relation: the whole filtered set is listed and sorted in memory,
 *   then paginated (a full scan, like the vendor's emulated sorts);
 * - aggregate on an emulated path (field or group): every matching record is listed and the
 *   aggregate is computed in memory.
 * Paths through native relations are forwarded, except where an emulated relation of the related
 * collection appears deeper (handled by the same layer of that collection).
 *
 * @example
 * ```ts
 * books.addRelation('author', { type: 'ManyToOne', foreignCollection: 'authors', foreignKey: 'authorId' });
 * await books.list(caller, new PaginatedFilter({}), new Projection('title', 'author:name'));
 * ```
 */
export class RelationCollectionDecorator extends CollectionDecorator {
  private readonly relations = new Map<string, RelationSchema>();

  /** Declares a relation (key targets default to primary keys); misuse throws at once. */
  addRelation(name: string, definition: RelationDefinition): void {
    const before = this.relations.size;
    this.relations.set(name, buildRelationSchema(this, name, definition));
    const count = (emulatedRelations.get(this.dataSource) ?? 0) + this.relations.size - before;
    emulatedRelations.set(this.dataSource, count);
    this.markSchemaAsDirty();
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    if (!emulatedRelations.get(this.dataSource)) return this.child.list(caller, filter, projection);
    const { sort, page } = filter;
    if (sort && sort.projection.paths.some(path => this.usesEmulation(path))) {
      const records = await this.list(
        caller,
        filter.override({ sort: null, page: null }),
        projection.union(sort.projection),
      );
      const sorted = sort.apply(records);

      return projection.apply(page ? page.apply(sorted) : sorted);
    }

    const childProjection = projection.replace(path => this.rewritePath(path));
    const records = await this.child.list(
      caller,
      await this.refineFilter(caller, filter),
      childProjection,
    );
    if (childProjection.equals(projection)) return records;
    await this.reprojectInPlace(caller, records, projection);

    return projection.apply(records);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    if (!aggregation.projection.paths.some(path => this.usesEmulation(path))) {
      return super.aggregate(caller, filter, aggregation, limit);
    }
    // Emulated relations only exist here: aggregate every matching record in memory.
    return aggregateInMemory(this, caller, { filter, aggregation, limit });
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, relation] of this.relations) schema.fields[name] = { ...relation };

    return schema;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    const tree = filter.conditionTree;
    if (!tree?.someLeaf(leaf => this.usesEmulation(leaf.field))) return filter;
    const conditionTree = await tree.replaceLeafsAsync(leaf => this.rewriteLeaf(caller, leaf));

    return filter.override({ conditionTree }) as F;
  }

  /** True when reading `path` crosses a relation emulated by this layer (at any depth). */
  usesEmulation(path: string): boolean {
    const index = path.indexOf(':');
    if (index === -1) return false;
    const name = path.substring(0, index);
    if (this.relations.has(name)) return true;

    return this.foreign(name)?.usesEmulation(path.substring(index + 1)) ?? false;
  }

  /** Rewrites a leaf whose path crosses an emulated relation into a leaf the child knows. */
  async rewriteLeaf(caller: Caller, leaf: ConditionTreeLeaf): Promise<ConditionTree> {
    if (!this.usesEmulation(leaf.field)) return leaf;
    const name = leaf.field.substring(0, leaf.field.indexOf(':'));
    const relation = this.toOneRelation(name);
    const foreign = this.foreign(name) as RelationCollectionDecorator;
    if (this.relations.has(name)) {
      return rewriteRelationLeaf(caller, this, foreign, relation, leaf);
    }
    const subTree = await foreign.rewriteLeaf(caller, leaf.unnest() as ConditionTreeLeaf);

    return subTree.nest(name);
  }

  /** The child paths needed to read `path`: an emulated relation is read through its key. */
  rewritePath(path: string): string[] {
    const index = path.indexOf(':');
    if (index === -1) return [path];
    const name = path.substring(0, index);
    const foreign = this.foreign(name);
    if (!foreign) return [path];
    if (!this.relations.has(name)) {
      return foreign.rewritePath(path.substring(index + 1)).map(sub => `${name}:${sub}`);
    }
    const relation = this.toOneRelation(name);

    return [relation.type === 'ManyToOne' ? relation.foreignKey : relation.originKeyTarget];
  }

  /** Attaches the emulated relations `projection` reads to records listed by the child. */
  async reprojectInPlace(
    caller: Caller,
    records: readonly RecordData[],
    projection: Projection,
  ): Promise<void> {
    const present = records.filter(record => record !== null && typeof record === 'object');
    const relations = Object.entries(projection.relations).filter(([name, sub]) =>
      sub.paths.some(path => this.usesEmulation(`${name}:${path}`)),
    );

    await Promise.all(
      relations.map(async ([name, sub]) => {
        const foreign = this.foreign(name) as RelationCollectionDecorator;
        const relation = this.toOneRelation(name);
        if (!this.relations.has(name)) {
          const nested = present.map(record => record[name] as RecordData);

          return foreign.reprojectInPlace(caller, nested, sub);
        }
        const [localKey, foreignKey] =
          relation.type === 'ManyToOne'
            ? [relation.foreignKey, relation.foreignKeyTarget]
            : [relation.originKeyTarget, relation.originKey];

        return fetchRelatedRecords(caller, present, { name, foreign, localKey, foreignKey }, sub);
      }),
    );
  }

  /** The same layer of the collection a relation leads to (null for columns and unknowns). */
  private foreign(name: string): RelationCollectionDecorator | null {
    const field = this.schema.fields[name];
    if (!field || field.type === 'Column') return null;

    return this.sameLayerOf(field.foreignCollection);
  }

  /** A relation a path may cross: to-one only, as in every projection, filter or sort. */
  private toOneRelation(name: string): Extract<RelationSchema, { type: 'ManyToOne' | 'OneToOne' }> {
    const field = this.schema.fields[name];
    if (!isToOne(field)) {
      throw new ValidationError(
        `Unexpected field type: '${this.name}.${name}' ` +
          `(found '${field?.type ?? 'nothing'}' expected 'ManyToOne' or 'OneToOne')`,
      );
    }

    return field;
  }
}
