import {
  ValidationError,
  missingSchemaElement,
  type Caller,
  type CollectionSchema,
  type FieldSchema,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import type { PublicationDataSourceDecorator } from './publication-data-source-decorator';

/**
 * Hides fields from the exported schema (`removeField`). A relation is hidden too when it relies
 * on a hidden key (foreign key, origin key or their targets, in any collection) or points to a
 * hidden collection. Records returned by `create` are stripped of hidden keys. Customization
 * code, which talks to lower layers, still reads hidden fields.
 */
export class PublicationCollectionDecorator extends CollectionDecorator {
  declare readonly dataSource: PublicationDataSourceDecorator;
  private readonly hidden = new Set<string>();

  /** Shows or hides a field of this collection. Primary keys cannot be hidden. */
  changeFieldVisibility(name: string, visible: boolean): void {
    const field = this.child.schema.fields[name];
    if (!field) {
      throw missingSchemaElement('field', this.name, name, Object.keys(this.child.schema.fields));
    }
    if (field.type === 'Column' && field.isPrimaryKey) {
      throw new ValidationError(`Cannot hide primary key: '${this.name}.${name}'`);
    }
    if (visible) this.hidden.delete(name);
    else this.hidden.add(name);
    // Relations of other collections built on this field are hidden (or shown) as well.
    this.dataSource.markAllSchemasAsDirty();
  }

  /** Tells whether a field of this collection is published. */
  isPublished(name: string): boolean {
    const field = this.child.schema.fields[name];
    if (!field || this.hidden.has(name)) return false;
    if (field.type === 'Column') return true;

    return this.isRelationPublished(field);
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await super.create(caller, records);

    return created.map(record =>
      Object.fromEntries(Object.entries(record).filter(([key]) => this.isPublished(key))),
    );
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    const fields = Object.entries(schema.fields).filter(([name]) => this.isPublished(name));

    return { ...schema, fields: Object.fromEntries(fields) };
  }

  private isRelationPublished(field: Exclude<FieldSchema, { type: 'Column' }>): boolean {
    const source = this.dataSource;
    const collections = [field.foreignCollection];
    if (field.type === 'ManyToMany') collections.push(field.throughCollection);
    if (collections.some(name => source.isRemoved(name))) return false;
    const foreign = source.getCollection(field.foreignCollection);

    switch (field.type) {
      case 'ManyToOne':
        return (
          this.isOwnColumnPublished(field.foreignKey) && foreign.isPublished(field.foreignKeyTarget)
        );
      case 'OneToOne':
      case 'OneToMany':
        return (
          this.isOwnColumnPublished(field.originKeyTarget) && foreign.isPublished(field.originKey)
        );
      case 'ManyToMany': {
        const through = source.getCollection(field.throughCollection);

        return (
          this.isOwnColumnPublished(field.originKeyTarget) &&
          foreign.isPublished(field.foreignKeyTarget) &&
          through.isPublished(field.originKey) &&
          through.isPublished(field.foreignKey)
        );
      }
    }
  }

  private isOwnColumnPublished(name: string): boolean {
    return !this.hidden.has(name) && this.child.schema.fields[name] !== undefined;
  }
}
