import { getFieldValue, type CompositeId } from '@grove/datasource-toolkit';
import type {
  TCollectionName,
  TFieldName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';
import { ActionContext } from './action-context';

/**
 * The context of a `Single` action: the selection is one record, read with `getRecord`.
 *
 * @example
 * ```ts
 * collection.addAction('Send reminder', {
 *   scope: 'Single',
 *   execute: async (context, resultBuilder) => {
 *     const email = await context.getField('customer:email');
 *
 *     return resultBuilder.success(`Reminder sent to ${String(email)}`);
 *   },
 * });
 * ```
 */
export class ActionContextSingle<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends ActionContext<S, N> {
  /** The selected record with the given fields; throws when the selection matches nothing. */
  async getRecord(fields: ReadonlyArray<TFieldName<S, N>>): Promise<TPartialRow<S, N>> {
    const [record] = await this.getRecords(fields);
    if (!record) throw this.noRecordError();

    return record;
  }

  /** The (first) primary key of the selected record. */
  async getRecordId(): Promise<CompositeId[number]> {
    const [id] = await this.getRecordIds();

    return id as CompositeId[number];
  }

  /** The primary-key values of the selected record, in schema order. */
  async getCompositeRecordId(): Promise<CompositeId> {
    const [id] = await this.getCompositeRecordIds();

    return id as CompositeId;
  }

  /** One field (or `relation:field` path) of the selected record. */
  async getField<F extends TFieldName<S, N>>(path: F): Promise<unknown> {
    const record = await this.getRecord([path]);

    return getFieldValue(record, path);
  }
}
