import { ValidationError, type DataSource } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { RenameCollectionCollectionDecorator } from './rename-collection-collection-decorator';

/** How `addDataSource` renames collections: a map, or a function returning the new name. */
export type CollectionRenaming =
  Readonly<Record<string, string>> | ((oldName: string) => string | null | undefined);

/**
 * Renames collections of a data source, below the stack (so every customization uses the new
 * names). Relation schemas follow the renaming.
 *
 * @example
 * ```ts
 * const renamed = new RenameCollectionDataSourceDecorator(dataSource);
 * renamed.renameCollections({ tbl_books: 'books' });
 * ```
 */
export class RenameCollectionDataSourceDecorator extends DataSourceDecorator<RenameCollectionCollectionDecorator> {
  private readonly toNew = new Map<string, string>();
  private readonly toOld = new Map<string, string>();

  constructor(child: DataSource) {
    super(child, RenameCollectionCollectionDecorator);
  }

  override getCollection(name: string): RenameCollectionCollectionDecorator {
    const renamedTo = this.toNew.get(name);
    if (renamedTo !== undefined && !this.toOld.has(name)) {
      throw new ValidationError(`Collection '${name}' has been renamed to '${renamedTo}'`);
    }

    return super.getCollection(this.toOld.get(name) ?? name);
  }

  override findCollection(name: string): RenameCollectionCollectionDecorator | undefined {
    if (this.toNew.has(name) && !this.toOld.has(name)) return undefined;

    return super.findCollection(this.toOld.get(name) ?? name);
  }

  /** Renames with a map (old → new) or a function (old → new, or null to keep the name). */
  renameCollections(renaming: CollectionRenaming): void {
    if (typeof renaming === 'function') {
      for (const { name } of this.child.collections) {
        const next = renaming(name);
        if (next) this.renameCollection(name, next);
      }
    } else {
      for (const [oldName, newName] of Object.entries(renaming)) {
        this.renameCollection(oldName, newName);
      }
    }
  }

  /** The current name of a child's collection. */
  getNewName(oldName: string): string {
    return this.toNew.get(oldName) ?? oldName;
  }

  private renameCollection(oldName: string, newName: string): void {
    const original = this.toOld.get(oldName);
    if (original !== undefined) {
      throw new ValidationError(
        `Cannot rename a collection twice: ${original}->${oldName}->${newName}`,
      );
    }
    // An unknown name fails with the child's own lookup error.
    this.getCollection(oldName);
    if (oldName === newName) return;
    if (this.collections.some(collection => collection.name === newName)) {
      throw new ValidationError(`The given new collection name "${newName}" is already defined`);
    }
    this.toNew.set(oldName, newName);
    this.toOld.set(newName, oldName);
    // Relation schemas of every collection name the renamed one.
    this.markAllSchemasAsDirty();
  }
}
