import type { ActionResult } from '@grove/datasource-toolkit';
import type { TCollectionName, TSchema, TUntypedSchema } from '../../types/schema-typing';
import type { ActionContext } from './action-context';
import type { ActionContextSingle } from './action-context-single';
import type { DynamicForm } from './action-form-definition';
import type { ActionResultBuilder } from './action-result-builder';

interface BaseActionDefinition<Context> {
  /** Runs the action; returning nothing means `{ type: 'Success', message: 'Success' }`. */
  execute(
    context: Context,
    resultBuilder: ActionResultBuilder,
  ): void | ActionResult | Promise<void | ActionResult>;
  /** The form shown before running the action. */
  readonly form?: DynamicForm<Context>;
  readonly description?: string;
  /** True when the action answers a file (`resultBuilder.file`). */
  readonly generateFile?: boolean;
  readonly submitButtonLabel?: string;
}

/** An action on one record: its context can read that record. */
export interface ActionDefinitionSingle<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends BaseActionDefinition<ActionContextSingle<S, N>> {
  readonly scope: 'Single';
}

/** An action on a selection of records. */
export interface ActionDefinitionBulk<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends BaseActionDefinition<ActionContext<S, N>> {
  readonly scope: 'Bulk';
}

/** An action on the collection (no selection; filters, search and segment still apply). */
export interface ActionDefinitionGlobal<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends BaseActionDefinition<ActionContext<S, N>> {
  readonly scope: 'Global';
}

/**
 * An action of a collection: its scope, handler and optional form.
 *
 * @example
 * ```ts
 * const definition: ActionDefinition = {
 *   scope: 'Single',
 *   form: [{ type: 'String', label: 'Reason', isRequired: true }],
 *   execute: async (context, resultBuilder) => {
 *     await context.collection.update(context.filter, { status: 'rejected' });
 *
 *     return resultBuilder.success(`Rejected: ${String(context.formValues.Reason)}`);
 *   },
 * };
 * ```
 */
export type ActionDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> = ActionDefinitionSingle<S, N> | ActionDefinitionBulk<S, N> | ActionDefinitionGlobal<S, N>;
