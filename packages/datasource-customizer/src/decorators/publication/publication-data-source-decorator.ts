import { ValidationError, type DataSource } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { PublicationCollectionDecorator } from './publication-collection-decorator';

/**
 * Hides collections. In the stack (`removeCollection`), a hidden collection disappears from the
 * exported API but customization code, which talks to lower layers, still uses it. Below the
 * stack (`include` / `exclude` of `addDataSource`), the same mechanism removes it for good.
 * Relations towards a hidden collection are unpublished.
 *
 * @example
 * ```ts
 * const published = new PublicationDataSourceDecorator(dataSource);
 * published.keepCollectionsMatching(['books', 'authors']);
 * ```
 */
export class PublicationDataSourceDecorator extends DataSourceDecorator<PublicationCollectionDecorator> {
  private readonly removed = new Set<string>();

  constructor(child: DataSource) {
    super(child, PublicationCollectionDecorator);
  }

  override get collections(): PublicationCollectionDecorator[] {
    return super.collections.filter(collection => !this.removed.has(collection.name));
  }

  override getCollection(name: string): PublicationCollectionDecorator {
    if (this.removed.has(name)) throw new ValidationError(`Collection "${name}" was removed.`);

    return super.getCollection(name);
  }

  override findCollection(name: string): PublicationCollectionDecorator | undefined {
    return this.removed.has(name) ? undefined : super.findCollection(name);
  }

  /**
   * Keeps the collections named in `include` (all when absent) minus those in `exclude`. Names
   * are checked with the child's lookup, so a typo fails with its `Collection '<n>' not found`.
   */
  keepCollectionsMatching(include?: readonly string[], exclude?: readonly string[]): void {
    for (const name of [...(include ?? []), ...(exclude ?? [])]) this.child.getCollection(name);
    for (const { name } of this.child.collections) {
      if ((include && !include.includes(name)) || exclude?.includes(name)) {
        this.removeCollection(name);
      }
    }
  }

  /** Hides one collection (its name must exist). */
  removeCollection(name: string): void {
    this.child.getCollection(name);
    this.removed.add(name);
    // Relations of other collections towards it are unpublished.
    this.markAllSchemasAsDirty();
  }

  /** Tells whether a collection was hidden. */
  isRemoved(name: string): boolean {
    return this.removed.has(name);
  }
}
