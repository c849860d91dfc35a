import {
  ConditionTreeFactory,
  Filter,
  getPrimaryKeys,
  PaginatedFilter,
  Projection,
  type Caller,
  type Collection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../collection-decorator';
import { splitRelations, type RelationWrite } from '../split-relations';

/**
 * Emulates updates through to-one relations: `update(filter, { title, author: { name } })`
 * updates the books' titles, then the authors of the matching books (creating the missing ones).
 *
 * The writes run in one transaction: if a relation write fails, the writes done before it are
 * rolled back (per database, on data sources that support it).
 */
export class UpdateRelationsCollectionDecorator extends CollectionDecorator {
  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    const { columns, relations } = splitRelations(this, patch);
    if (relations.length === 0) return super.update(caller, filter, patch);

    return this.dataSource.transaction(() =>
      this.updateWithRelations(caller, filter, columns, relations),
    );
  }

  private async updateWithRelations(
    caller: Caller,
    filter: Filter,
    columns: RecordData,
    relations: readonly RelationWrite[],
  ): Promise<void> {
    const refined = await this.refineFilter(caller, filter);
    // Grove lists the targets before writing columns: the column patch may change whether a
    // record matches the filter (e.g. updating the very status it filters on).
    const projection = new Projection(
      ...getPrimaryKeys(this.schema),
      ...relations.flatMap(relation => this.keysOf(relation)),
    );
    const records = await this.child.list(
      caller,
      new PaginatedFilter(refined.components),
      projection,
    );

    if (Object.keys(columns).length > 0) await this.child.update(caller, refined, columns);
    for (const relation of relations) {
      // Sequential: each relation write is complete before the next one starts.
      await this.updateRelation(caller, records, relation);
    }
  }

  private async updateRelation(
    caller: Caller,
    records: readonly RecordData[],
    { name, schema, patch }: RelationWrite,
  ): Promise<void> {
    const related = this.dataSource.getCollection(schema.foreignCollection);
    const withRelated = records.filter(record => record[name]);
    const without = records.filter(record => !record[name]);

    if (withRelated.length > 0) {
      const targets = withRelated.map(record => record[name] as RecordData);
      const tree = ConditionTreeFactory.matchRecords(related.schema, targets);
      await related.update(caller, new Filter({ conditionTree: tree }), patch);
    }
    if (without.length === 0) return;

    if (schema.type === 'ManyToOne') {
      // One related record shared by every parent that had none.
      const [created] = await related.create(caller, [{ ...patch }]);
      const tree = ConditionTreeFactory.matchRecords(this.schema, without);
      const fk = { [schema.foreignKey]: created?.[schema.foreignKeyTarget] };
      await this.child.update(caller, new Filter({ conditionTree: tree }), fk);
    } else {
      await related.create(
        caller,
        without.map(record => ({ ...patch, [schema.originKey]: record[schema.originKeyTarget] })),
      );
    }
  }

  /** What must be read to know each record's related record (its primary keys, or none). */
  private keysOf({ name, schema }: RelationWrite): string[] {
    const related: Collection = this.dataSource.getCollection(schema.foreignCollection);
    const relatedPks = getPrimaryKeys(related.schema).map(pk => `${name}:${pk}`);

    return schema.type === 'OneToOne' ? [...relatedPks, schema.originKeyTarget] : relatedPks;
  }
}
