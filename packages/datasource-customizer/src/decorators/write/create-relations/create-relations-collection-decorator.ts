import {
  ConditionTreeLeaf,
  Filter,
  type Caller,
  type ManyToOneSchema,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../collection-decorator';
import { splitRelations, type RelationWrite } from '../split-relations';

/** A record being created, split into its columns and its nested relation writes. */
interface Pending {
  readonly columns: RecordData;
  readonly relations: readonly RelationWrite[];
}

/**
 * Emulates creates with nested to-one relations: `create([{ title, author: { name } }])` creates
 * the author first and points the book at it; OneToOne children are created after their parent.
 * A ManyToOne record whose foreign key is already set updates the existing related record.
 *
 * Order: related ManyToOne records, then the parents, then OneToOne children, so that every
 * foreign key exists when written. The steps run in one transaction: if one fails, the records
 * written by the earlier steps are rolled back (per database, on data sources that support it).
 */
export class CreateRelationsCollectionDecorator extends CollectionDecorator {
  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const pending: Pending[] = records.map(record => splitRelations(this, record));
    if (pending.every(({ relations }) => relations.length === 0)) {
      return this.child.create(caller, records);
    }

    return this.dataSource.transaction(() => this.createWithRelations(caller, pending));
  }

  private async createWithRelations(caller: Caller, pending: Pending[]): Promise<RecordData[]> {
    for (const name of relationNames(pending, 'ManyToOne')) {
      await this.writeManyToOne(caller, pending, name);
    }
    const created = await this.child.create(
      caller,
      pending.map(({ columns }) => columns),
    );
    for (const name of relationNames(pending, 'OneToOne')) {
      await this.createOneToOne(caller, pending, created, name);
    }

    return created;
  }

  /**
   * Creates (or updates, when the foreign key is given) the related records of one ManyToOne
   * relation and copies the new foreign keys into the parents.
   */
  private async writeManyToOne(caller: Caller, pending: Pending[], name: string): Promise<void> {
    const writes = pending.flatMap(item => {
      const write = item.relations.find(relation => relation.name === name);

      return write ? [{ item, write, schema: write.schema as ManyToOneSchema }] : [];
    });
    const [first] = writes;
    if (!first) return;
    const { foreignKey, foreignKeyTarget, foreignCollection } = first.schema;
    const related = this.dataSource.getCollection(foreignCollection);

    const toUpdate = writes.filter(({ item }) => isSet(item.columns[foreignKey]));
    for (const { item, write } of toUpdate) {
      const leaf = new ConditionTreeLeaf(foreignKeyTarget, 'Equal', item.columns[foreignKey]);
      await related.update(caller, new Filter({ conditionTree: leaf }), write.patch);
    }

    // Grove fixes the vendor's index mix-up
    // (docs/decisions.md#d17-created-relations-matched-by-record): the created records are matched
    // back by their position among the records that needed a creation, not in the whole batch.
    const toCreate = writes.filter(({ item }) => !isSet(item.columns[foreignKey]));
    if (toCreate.length === 0) return;
    const created = await related.create(
      caller,
      toCreate.map(({ write }) => ({ ...write.patch })),
    );
    toCreate.forEach(({ item }, index) => {
      item.columns[foreignKey] = created[index]?.[foreignKeyTarget];
    });
  }

  private async createOneToOne(
    caller: Caller,
    pending: readonly Pending[],
    parents: readonly RecordData[],
    name: string,
  ): Promise<void> {
    const children = pending.flatMap((item, index) => {
      const write = item.relations.find(relation => relation.name === name);
      if (!write || write.schema.type !== 'OneToOne') return [];
      const { originKey, originKeyTarget } = write.schema;

      return [{ ...write.patch, [originKey]: parents[index]?.[originKeyTarget] }];
    });
    const [first] = pending.flatMap(item => item.relations.filter(r => r.name === name));
    if (!first || children.length === 0) return;

    const related = this.dataSource.getCollection(first.schema.foreignCollection);
    await related.create(caller, children);
  }
}

/** The relations of a given type written by at least one record, in first-seen order. */
function relationNames(pending: readonly Pending[], type: 'ManyToOne' | 'OneToOne'): string[] {
  const names = pending.flatMap(({ relations }) =>
    relations.filter(({ schema }) => schema.type === type).map(({ name }) => name),
  );

  return [...new Set(names)];
}

function isSet(value: unknown): boolean {
  return value !== null && value !== undefined;
}
