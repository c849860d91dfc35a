import {
  ValidationError,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type Filter,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import {
  HookAfterAggregateContext,
  HookBeforeAggregateContext,
} from './context/aggregate-hook-contexts';
import { HookAfterCreateContext, HookBeforeCreateContext } from './context/create-hook-contexts';
import { HookAfterDeleteContext, HookBeforeDeleteContext } from './context/delete-hook-contexts';
import { HookAfterListContext, HookBeforeListContext } from './context/list-hook-contexts';
import { HookAfterUpdateContext, HookBeforeUpdateContext } from './context/update-hook-contexts';
import {
  hookPositions,
  hookTypes,
  type HookContexts,
  type HookDefinition,
  type HookPosition,
  type HookType,
} from './hook-definition';

type Handlers = { [T in HookType]: { [P in HookPosition]: Array<HookDefinition<P, T>> } };

/**
 * The hook layer: runs the handlers registered with `addHook` before and after list, create,
 * update, delete and aggregate. Handlers of one phase run in registration order, each awaited,
 * with the same context; a throw stops the chain and the operation.
 *
 * Handlers' `collection` is the layer below this one (write): their own queries go through
 * write replacement and relation writes but never trigger hooks again.
 */
export class HookCollectionDecorator extends CollectionDecorator {
  private readonly handlers: Handlers = {
    List: { Before: [], After: [] },
    Create: { Before: [], After: [] },
    Update: { Before: [], After: [] },
    Delete: { Before: [], After: [] },
    Aggregate: { Before: [], After: [] },
  };

  /**
   * Registers a handler to run before or after an operation.
   *
   * @example
   * ```ts
   * books.addHook('Before', 'Create', context => {
   *   if (!context.data.every(book => book.title)) context.throwValidationError('Title required');
   * });
   * ```
   */
  addHook<P extends HookPosition, T extends HookType>(
    position: P,
    type: T,
    handler: HookDefinition<P, T>,
  ): void {
    if (!hookPositions.includes(position)) {
      throw new ValidationError(
        `Invalid hook position '${String(position)}' on '${this.name}': expected 'Before' or 'After'`,
      );
    }
    if (!hookTypes.includes(type)) {
      throw new ValidationError(
        `Invalid hook type '${String(type)}' on '${this.name}': expected one of ${hookTypes.join(', ')}`,
      );
    }
    if (typeof handler !== 'function') {
      throw new ValidationError(
        `The ${position} ${type} hook of '${this.name}' must be a function`,
      );
    }

    (this.handlers[type][position] as Array<HookDefinition<P, T>>).push(handler);
    this.markSchemaAsDirty();
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    await this.run(
      'List',
      'Before',
      () => new HookBeforeListContext(this.child, caller, filter, projection),
    );
    const records = await this.child.list(caller, filter, projection);
    await this.run(
      'List',
      'After',
      () => new HookAfterListContext(this.child, caller, filter, projection, records),
    );

    return records;
  }

  override async create(caller: Caller, data: RecordData[]): Promise<RecordData[]> {
    // The records (not the array) are shared with Before hooks, which may fill fields in.
    await this.run('Create', 'Before', () => new HookBeforeCreateContext(this.child, caller, data));

    return this.withAfterHooks('Create', async () => {
      const records = await this.child.create(caller, data);
      await this.run(
        'Create',
        'After',
        () => new HookAfterCreateContext(this.child, caller, data, records),
      );

      return records;
    });
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    // The patch itself is shared: Before hooks may change it.
    await this.run(
      'Update',
      'Before',
      () => new HookBeforeUpdateContext(this.child, caller, filter, patch),
    );
    await this.withAfterHooks('Update', async () => {
      await this.child.update(caller, filter, patch);
      await this.run(
        'Update',
        'After',
        () => new HookAfterUpdateContext(this.child, caller, filter, patch),
      );
    });
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    await this.run(
      'Delete',
      'Before',
      () => new HookBeforeDeleteContext(this.child, caller, filter),
    );
    await this.withAfterHooks('Delete', async () => {
      await this.child.delete(caller, filter);
      await this.run(
        'Delete',
        'After',
        () => new HookAfterDeleteContext(this.child, caller, filter),
      );
    });
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const request = { filter, aggregation, limit };
    await this.run(
      'Aggregate',
      'Before',
      () => new HookBeforeAggregateContext(this.child, caller, request),
    );
    const result = await this.child.aggregate(caller, filter, aggregation, limit);
    await this.run(
      'Aggregate',
      'After',
      () => new HookAfterAggregateContext(this.child, caller, request, result),
    );

    return result;
  }

  /**
   * Runs a write and its After hooks in one transaction when there are After hooks (their writes
   * are part of the operation: a failing After hook rolls the write back). Before hooks run
   * outside it, so that slow checks do not hold the database's write lock.
   */
  private withAfterHooks<R>(type: 'Create' | 'Update' | 'Delete', work: () => Promise<R>) {
    return this.handlers[type].After.length > 0 ? this.dataSource.transaction(work) : work();
  }

  private async run<T extends HookType, P extends HookPosition>(
    type: T,
    position: P,
    makeContext: () => HookContexts[T][P],
  ): Promise<void> {
    const handlers = this.handlers[type][position] as Array<HookDefinition<P, T>>;
    // No handler (the common case): no context built.
    if (!handlers.length) return;
    const context = makeContext();
    for (const handler of handlers) {
      // Sequential on purpose: a handler may depend on what an earlier one did or refused.
      await handler(context);
    }
  }
}
