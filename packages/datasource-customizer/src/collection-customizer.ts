import type { CollectionSchema, Operator } from '@grove/datasource-toolkit';
import type {
  ManyToManyOptions,
  ManyToOneOptions,
  OneToManyOptions,
  TColumnOrRelationName,
} from './collection-customizer-options';
import type { BuildContext, CustomizationQueue } from './customization-queue';
import type { DataSourceCustomizer } from './data-source-customizer';
import type { ActionDefinition } from './decorators/action/action-definition';
import type { BinaryMode } from './decorators/binary/binary-mode';
import type { CollectionChartDefinition } from './decorators/chart/chart-definition';
import type { ComputedDefinition } from './decorators/computed/computed-definition';
import type { HookDefinition, HookPosition, HookType } from './decorators/hook/hook-definition';
import type { OperatorReplacer } from './decorators/operators-emulate/operator-replacer-definition';
import type {
  CreateOverrideHandler,
  DeleteOverrideHandler,
  UpdateOverrideHandler,
} from './decorators/override/override-definition';
import type { RelationDefinition } from './decorators/relation/relation-definition';
import type { SearchReplacer } from './decorators/search/search-definition';
import type { TSortClause } from './decorators/sort-emulate/sort-definition';
import type { SegmentDefinition } from './decorators/segment/segment-definition';
import type { WriteDefinition } from './decorators/write/write-replace/write-definition';
import {
  addExternalRelation,
  type ExternalRelationDefinition,
} from './plugins/add-external-relation';
import { importField, type ImportFieldOptions } from './plugins/import-field';
import { chooseComputedLayer, chooseEmulateLayer } from './layer-choice';
import type { Plugin } from './plugins/plugin';
import type { TCollectionName, TColumnName, TSchema, TUntypedSchema } from './types/schema-typing';

/**
 * Customizes one collection. Every method queues its customization (applied when the data
 * source is built, where misuse fails naming the collection and the field) and returns `this`.
 *
 * @example
 * ```ts
 * customizer.customizeCollection('books', books =>
 *   books
 *     .addField('label', { columnType: 'String', dependencies: ['title'], getValues: rs => rs.map(r => `#${r.title}`) })
 *     .addSegment('recent', { field: 'year', operator: 'GreaterThan', value: 2000 })
 *     .renameField('title', 'name'),
 * );
 * ```
 */
export class CollectionCustomizer<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  constructor(
    private readonly dataSourceCustomizer: DataSourceCustomizer<S>,
    private readonly queue: CustomizationQueue,
    /** The name of the collection. */
    readonly name: N,
  ) {}

  /** The schema as customization code sees it (before publication and renaming). */
  get schema(): CollectionSchema {
    return this.queue.stack.validation.getCollection(this.name).schema;
  }

  /** Loads a plugin on this collection. @example `books.use(addAuditFields, { by: 'email' })` */
  use<Options>(plugin: Plugin<Options, S>, options?: Options): this {
    return this.push(({ logger }) =>
      plugin(this.dataSourceCustomizer, this, options as Options, logger),
    );
  }

  /** Adds an action. @example `books.addAction('Archive', { scope: 'Bulk', execute })` */
  addAction(name: string, definition: ActionDefinition<S, N>): this {
    return this.push(({ stack }) =>
      stack.action.getCollection(this.name).addAction(name, definition),
    );
  }

  /**
   * Adds a computed field. It lands on the early computed layer when every dependency exists
   * there (so it may serve as a relation key), else on the late one (after relations).
   * @example `books.addField('label', { columnType: 'String', dependencies: ['title'], getValues })`
   */
  addField(name: string, definition: ComputedDefinition<S, N>): this {
    return this.push(({ stack, logger }) => {
      if (definition.columnType === 'Timeonly') {
        logger(
          'Warn',
          `'${this.name}.${name}': the 'Timeonly' column type is deprecated, use 'Time'`,
        );
      }
      // Grove: a missing `dependencies` fails the build like any other misuse (the registration
      // throws, naming collection and field) instead of silently dropping the field.
      const layer = definition.dependencies
        ? chooseComputedLayer(stack, this.name, definition.dependencies)
        : stack.lateComputed.getCollection(this.name);
      layer.registerComputed(name, definition);
    });
  }

  /**
   * Adds a copy of a field reached through to-one relations (writable through them unless
   * `readonly`, filterable and sortable like the source).
   * @example `books.importField('authorName', { path: 'author:name' })`
   */
  importField(name: string, options: ImportFieldOptions<S, N>): this {
    return this.push(({ stack }) =>
      importField(this, stack.lateComputed.getCollection(this.name), name, options),
    );
  }

  /** Renames a field in the exported API only. @example `books.renameField('title', 'name')` */
  renameField(current: TColumnOrRelationName<S, N>, next: string): this {
    return this.push(({ stack }) =>
      stack.renameField.getCollection(this.name).renameField(current, next),
    );
  }

  /**
   * Hides fields from the exported API only.
   * @example `books.removeField('internalNotes', 'costPrice')`
   */
  removeField(...names: TColumnOrRelationName<S, N>[]): this {
    return this.push(({ stack }) => {
      const collection = stack.publication.getCollection(this.name);
      for (const name of names) collection.changeFieldVisibility(name, false);
    });
  }

  /**
   * Adds a validation rule (exported and enforced).
   * @example `books.addFieldValidation('title', 'LongerThan', 2)`
   */
  addFieldValidation(name: TColumnName<S, N>, operator: Operator, value?: unknown): this {
    return this.push(({ stack }) =>
      stack.validation
        .getCollection(this.name)
        .addValidation(name, value === undefined ? { operator } : { operator, value }),
    );
  }

  /** Lets the UI send null for a field. @example `books.setFieldNullable('subtitle')` */
  setFieldNullable(name: TColumnName<S, N>): this {
    return this.push(({ stack }) =>
      stack.validation.getCollection(this.name).setFieldNullable(name),
    );
  }

  /**
   * Replaces how a field is written: the handler turns the value into a patch.
   * @example `authors.replaceFieldWriting('fullName', value => ({ firstName: …, lastName: … }))`
   */
  replaceFieldWriting(name: TColumnName<S, N>, definition: WriteDefinition<S, N>): this {
    return this.push(({ stack }) =>
      stack.write.getCollection(this.name).replaceFieldWriting(name, definition),
    );
  }

  /**
   * Sets how a Binary field is exchanged.
   * @example `files.replaceFieldBinaryMode('content', 'datauri')`
   */
  replaceFieldBinaryMode(name: TColumnName<S, N>, mode: BinaryMode): this {
    return this.push(({ stack }) =>
      stack.binary.getCollection(this.name).setBinaryMode(name, mode),
    );
  }

  /**
   * Adds a ManyToOne relation.
   * @example `books.addManyToOneRelation('author', 'authors', { foreignKey: 'authorId' })`
   */
  addManyToOneRelation(
    name: string,
    foreignCollection: TCollectionName<S>,
    options: ManyToOneOptions<S, N>,
  ): this {
    return this.addRelation(name, { type: 'ManyToOne', foreignCollection, ...options });
  }

  /**
   * Adds a OneToMany relation.
   * @example `authors.addOneToManyRelation('books', 'books', { originKey: 'authorId' })`
   */
  addOneToManyRelation(
    name: string,
    foreignCollection: TCollectionName<S>,
    options: OneToManyOptions<S, N>,
  ): this {
    return this.addRelation(name, { type: 'OneToMany', foreignCollection, ...options });
  }

  /**
   * Adds a OneToOne relation.
   * @example `users.addOneToOneRelation('profile', 'profiles', { originKey: 'userId' })`
   */
  addOneToOneRelation(
    name: string,
    foreignCollection: TCollectionName<S>,
    options: OneToManyOptions<S, N>,
  ): this {
    return this.addRelation(name, { type: 'OneToOne', foreignCollection, ...options });
  }

  /**
   * Adds a ManyToMany relation through a join collection.
   * @example `books.addManyToManyRelation('tags', 'tags', 'bookTags', { originKey: 'bookId', foreignKey: 'tagId' })`
   */
  addManyToManyRelation(
    name: string,
    foreignCollection: TCollectionName<S>,
    throughCollection: TCollectionName<S>,
    options: ManyToManyOptions<S, N>,
  ): this {
    return this.addRelation(name, {
      type: 'ManyToMany',
      foreignCollection,
      throughCollection,
      ...options,
    });
  }

  /**
   * Adds related data served by code (an array-of-objects computed field).
   * @example `books.addExternalRelation('reviews', { schema: { rating: 'Number' }, listRecords })`
   */
  addExternalRelation(name: string, definition: ExternalRelationDefinition<S, N>): this {
    return this.push(({ stack }) =>
      addExternalRelation(this, stack.lateComputed.getCollection(this.name), name, definition),
    );
  }

  /**
   * Adds a segment: a condition tree or a function of the context returning one.
   * @example `books.addSegment('recent', { field: 'year', operator: 'GreaterThan', value: 2000 })`
   */
  addSegment(name: string, definition: SegmentDefinition<S, N>): this {
    return this.push(({ stack }) =>
      stack.segment.getCollection(this.name).addSegment(name, definition as SegmentDefinition),
    );
  }

  /**
   * Runs a handler before or after an operation (a Before hook refuses it by throwing).
   * @example `books.addHook('Before', 'Delete', ctx => ctx.throwForbiddenError('No!'))`
   */
  addHook<P extends HookPosition, T extends HookType>(
    position: P,
    type: T,
    handler: HookDefinition<P, T, S, N>,
  ): this {
    return this.push(({ stack }) =>
      stack.hook.getCollection(this.name).addHook(position, type, handler),
    );
  }

  /**
   * Replaces the search: the handler turns the search string into a condition tree.
   * @example `books.replaceSearch(text => ({ field: 'title', operator: 'IContains', value: text }))`
   */
  replaceSearch(definition: SearchReplacer<S, N>): this {
    return this.push(({ stack }) =>
      stack.search.getCollection(this.name).replaceSearch(definition as unknown as SearchReplacer),
    );
  }

  /** Disables the search bar of the collection. @example `logs.disableSearch()` */
  disableSearch(): this {
    return this.push(({ stack }) => stack.search.getCollection(this.name).disableSearch());
  }

  /** Sorts a field in memory. @example `authors.emulateFieldSorting('fullName')` */
  emulateFieldSorting(name: TColumnName<S, N>): this {
    return this.push(({ stack }) =>
      stack.sortEmulate.getCollection(this.name).emulateFieldSorting(name),
    );
  }

  /** Marks a field as not sortable (deprecated). @example `books.disableFieldSorting('summary')` */
  disableFieldSorting(name: TColumnName<S, N>): this {
    return this.push(({ stack }) =>
      stack.sortEmulate.getCollection(this.name).disableFieldSorting(name),
    );
  }

  /**
   * Sorts a field by other clauses.
   * @example `authors.replaceFieldSorting('fullName', [{ field: 'lastName', ascending: true }])`
   */
  replaceFieldSorting(name: TColumnName<S, N>, clauses: readonly TSortClause<S, N>[] | null): this {
    return this.push(({ stack }) =>
      stack.sortEmulate
        .getCollection(this.name)
        .replaceFieldSorting(name, clauses ? clauses.map(clause => ({ ...clause })) : null),
    );
  }

  /** Filters a field in memory. @example `authors.emulateFieldFiltering('fullName')` */
  emulateFieldFiltering(name: TColumnName<S, N>): this {
    return this.push(({ stack }) =>
      stack.lateOpEmulate.getCollection(this.name).emulateFieldFiltering(name),
    );
  }

  /**
   * Emulates an operator in memory.
   * @example `authors.emulateFieldOperator('fullName', 'Equal')`
   */
  emulateFieldOperator(name: TColumnName<S, N>, operator: Operator): this {
    return this.push(({ stack }) =>
      chooseEmulateLayer(stack, this.name, name).emulateFieldOperator(name, operator),
    );
  }

  /**
   * Implements one operator of a field with a condition tree on other fields.
   * @example `authors.replaceFieldOperator('fullName', 'Equal', value => ({ … }))`
   */
  replaceFieldOperator(
    name: TColumnName<S, N>,
    operator: Operator,
    replacer: OperatorReplacer<S, N>,
  ): this {
    return this.push(({ stack }) =>
      chooseEmulateLayer(stack, this.name, name).replaceFieldOperator(
        name,
        operator,
        replacer as OperatorReplacer,
      ),
    );
  }

  /** Adds a record chart. @example `books.addChart('sales', (ctx, result) => result.value(42))` */
  addChart(name: string, definition: CollectionChartDefinition<S, N>): this {
    return this.push(({ stack }) =>
      stack.chart.getCollection(this.name).addChart(name, definition),
    );
  }

  /**
   * Replaces the data source's create (hooks, validation… still run above it).
   * @example `books.overrideCreate(async ({ data }) => api.createBooks(data))`
   */
  overrideCreate(handler: CreateOverrideHandler<S, N>): this {
    return this.push(({ stack }) =>
      stack.override.getCollection(this.name).addCreateHandler(handler),
    );
  }

  /**
   * Replaces update.
   * @example `books.overrideUpdate(async ({ filter, patch }) => api.updateBooks(filter, patch))`
   */
  overrideUpdate(handler: UpdateOverrideHandler<S, N>): this {
    return this.push(({ stack }) =>
      stack.override.getCollection(this.name).addUpdateHandler(handler),
    );
  }

  /**
   * Replaces delete.
   * @example `books.overrideDelete(async ({ filter }) => api.deleteBooks(filter))`
   */
  overrideDelete(handler: DeleteOverrideHandler<S, N>): this {
    return this.push(({ stack }) =>
      stack.override.getCollection(this.name).addDeleteHandler(handler),
    );
  }

  /** Stops the UI from counting records (large tables). @example `events.disableCount()` */
  disableCount(): this {
    return this.push(({ stack }) =>
      stack.schema.getCollection(this.name).overrideSchema({ countable: false }),
    );
  }

  private addRelation(name: string, definition: RelationDefinition<S, N>): this {
    return this.push(({ stack }) =>
      stack.relation.getCollection(this.name).addRelation(name, definition),
    );
  }

  private push(customization: (context: BuildContext) => unknown): this {
    this.queue.push(customization);

    return this;
  }
}
