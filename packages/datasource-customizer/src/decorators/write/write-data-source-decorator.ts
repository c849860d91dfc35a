import type { DataSource } from '@grove/datasource-toolkit';
import { DataSourceDecorator } from '../data-source-decorator';
import { CreateRelationsCollectionDecorator } from './create-relations/create-relations-collection-decorator';
import { UpdateRelationsCollectionDecorator } from './update-relations/update-relations-collection-decorator';
import { WriteReplaceCollectionDecorator } from './write-replace/write-replace-collection-decorator';

/**
 * The write layer, three layers in one (bottom to top):
 * - create-relations: creates with nested to-one records (`{ title, author: { name } }`);
 * - update-relations: updates with nested to-one patches;
 * - write-replace: `replaceFieldWriting` handlers, whose patches may target relation paths —
 *   hence above the two relation layers, which then write those nested patches.
 *
 * `getCollection` returns the write-replace layer.
 *
 * @example
 * ```ts
 * const write = new WriteDataSourceDecorator(dataSource);
 * write.getCollection('authors').replaceFieldWriting('fullName', value => ({ … }));
 * ```
 */
export class WriteDataSourceDecorator extends DataSourceDecorator<WriteReplaceCollectionDecorator> {
  constructor(child: DataSource) {
    const createRelations = new DataSourceDecorator(child, CreateRelationsCollectionDecorator);
    const updateRelations = new DataSourceDecorator(
      createRelations,
      UpdateRelationsCollectionDecorator,
    );
    super(updateRelations, WriteReplaceCollectionDecorator);
  }
}
