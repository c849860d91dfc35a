import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import type {
  HookAfterAggregateContext,
  HookBeforeAggregateContext,
} from './context/aggregate-hook-contexts';
import type {
  HookAfterCreateContext,
  HookBeforeCreateContext,
} from './context/create-hook-contexts';
import type {
  HookAfterDeleteContext,
  HookBeforeDeleteContext,
} from './context/delete-hook-contexts';
import type { HookAfterListContext, HookBeforeListContext } from './context/list-hook-contexts';
import type {
  HookAfterUpdateContext,
  HookBeforeUpdateContext,
} from './context/update-hook-contexts';

/** When a hook runs: before the operation (it may refuse it) or after it. */
export type HookPosition = 'Before' | 'After';

/** The operations hooks can be attached to. */
export type HookType = 'List' | 'Create' | 'Update' | 'Delete' | 'Aggregate';

/** Every hook position, in a stable order. */
export const hookPositions: readonly HookPosition[] = ['Before', 'After'];

/** Every hook type, in a stable order. */
export const hookTypes: readonly HookType[] = ['List', 'Create', 'Update', 'Delete', 'Aggregate'];

/** The context each (type, position) pair receives. */
export interface HookContexts<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  List: { Before: HookBeforeListContext; After: HookAfterListContext<S, N> };
  Create: { Before: HookBeforeCreateContext<S, N>; After: HookAfterCreateContext<S, N> };
  Update: { Before: HookBeforeUpdateContext<S, N>; After: HookAfterUpdateContext<S, N> };
  Delete: { Before: HookBeforeDeleteContext; After: HookAfterDeleteContext };
  Aggregate: {
    Before: HookBeforeAggregateContext;
    After: HookAfterAggregateContext;
  };
}

/**
 * A hook handler: it receives the context of its operation and may throw (preferably through
 * `context.throwValidationError`, `throwForbiddenError` or `throwError`) to stop it.
 *
 * @example
 * ```ts
 * const handler: HookDefinition<'Before', 'Delete'> = context => {
 *   if (context.caller.role !== 'Admin') context.throwForbiddenError('Only admins can delete');
 * };
 * ```
 */
export type HookDefinition<
  P extends HookPosition,
  T extends HookType,
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = (context: HookContexts<S, N>[T][P]) => void | Promise<void>;
