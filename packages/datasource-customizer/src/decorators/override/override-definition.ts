import type { Caller, Collection, Filter, RecordData } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import type {
  TCollectionName,
  TPartialRow,
  TPartialSimpleRow,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/**
 * The context of an `overrideCreate` handler: the records to create. `collection` is the raw
 * collection of the data source (no computed field, no emulation).
 *
 * @example
 * ```ts
 * collection.overrideCreate(async context => api.insert(context.data));
 * ```
 */
export class CreateOverrideCustomizationContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly data: TPartialRow<S, N>[];

  constructor(collection: Collection, caller: Caller, data: RecordData[]) {
    super(collection, caller);
    this.data = data;
  }
}

/**
 * The context of an `overrideUpdate` handler: the filter of the records to update and the patch.
 *
 * @example
 * ```ts
 * collection.overrideUpdate(async ({ filter, patch }) => api.update(filter, patch));
 * ```
 */
export class UpdateOverrideCustomizationContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly filter: Filter;
  readonly patch: TPartialSimpleRow<S, N>;

  constructor(collection: Collection, caller: Caller, filter: Filter, patch: RecordData) {
    super(collection, caller);
    this.filter = filter;
    this.patch = patch;
  }
}

/**
 * The context of an `overrideDelete` handler: the filter of the records to delete.
 *
 * @example
 * ```ts
 * collection.overrideDelete(async ({ filter }) => api.delete(filter));
 * ```
 */
export class DeleteOverrideCustomizationContext<
  S extends TSchema = TUntypedSchema,
  _N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly filter: Filter;

  constructor(collection: Collection, caller: Caller, filter: Filter) {
    super(collection, caller);
    this.filter = filter;
  }
}

/**
 * Replaces the data source's `create`: returns the created records (each with its primary key).
 *
 * @example
 * ```ts
 * const handler: CreateOverrideHandler = async ({ data }) => data.map((r, i) => ({ id: i, ...r }));
 * ```
 */
export type CreateOverrideHandler<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (
  context: CreateOverrideCustomizationContext<S, N>,
) => Promise<TPartialRow<S, N>[]> | TPartialRow<S, N>[];

/**
 * Replaces the data source's `update`.
 *
 * @example
 * ```ts
 * const handler: UpdateOverrideHandler = async ({ filter, patch }) => api.update(filter, patch);
 * ```
 */
export type UpdateOverrideHandler<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (context: UpdateOverrideCustomizationContext<S, N>) => Promise<void> | void;

/**
 * Replaces the data source's `delete`.
 *
 * @example
 * ```ts
 * const handler: DeleteOverrideHandler = async ({ filter }) => api.delete(filter);
 * ```
 */
export type DeleteOverrideHandler<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (context: DeleteOverrideCustomizationContext<S, N>) => Promise<void> | void;
