import type { CollectionSchema } from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import type { RenameCollectionDataSourceDecorator } from './rename-collection-data-source-decorator';

/**
 * A collection seen under its new name: relation schemas name the foreign and through
 * collections by their new names too.
 */
export class RenameCollectionCollectionDecorator extends CollectionDecorator {
  declare readonly dataSource: RenameCollectionDataSourceDecorator;

  override get name(): string {
    return this.dataSource.getNewName(this.child.name);
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (field.type === 'Column') continue;
      schema.fields[name] =
        field.type === 'ManyToMany'
          ? {
              ...field,
              foreignCollection: this.dataSource.getNewName(field.foreignCollection),
              throughCollection: this.dataSource.getNewName(field.throughCollection),
            }
          : { ...field, foreignCollection: this.dataSource.getNewName(field.foreignCollection) };
    }

    return schema;
  }
}
