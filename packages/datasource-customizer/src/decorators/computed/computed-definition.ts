import type { ColumnType } from '@grove/datasource-toolkit';
import type { CollectionCustomizationContext } from '../../context/customization-context';
import type {
  TCollectionName,
  TFieldName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../types/schema-typing';

/**
 * The context `getValues` receives: `collection` is the collection owning the computed field, at
 * the computed layer where the field lives (a late computed field sees emulated relations).
 *
 * @example
 * ```ts
 * const getValues = async (records: RecordData[], context: ComputedContext) => {
 *   const rates = await context.dataSource.getCollection('rates').list({}, ['currency', 'rate']);
 *   return records.map(record => convert(record, rates));
 * };
 * ```
 */
export type ComputedContext = CollectionCustomizationContext;

/**
 * A field computed from other fields of the record (columns or to-one relation paths), in batch:
 * `getValues` receives one partial record per distinct combination of dependency values, holding
 * only the dependencies (nested objects for relation paths), and returns one value per record,
 * in the same order (values or promises of values).
 *
 * @example
 * ```ts
 * const fullName: ComputedDefinition = {
 *   columnType: 'String',
 *   dependencies: ['firstName', 'lastName'],
 *   getValues: records => records.map(r => `${r.firstName} ${r.lastName}`),
 * };
 * ```
 */
export interface ComputedDefinition<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> {
  /** The type of the values (`Timeonly` is accepted and stored as `Time`). */
  readonly columnType: ColumnType;
  /** The paths the computation reads; each must already exist (declaration order matters). */
  readonly dependencies: readonly TFieldName<S, N>[];
  /** Computes the values of a batch of records, one per record, in order. */
  getValues(
    records: TPartialRow<S, N>[],
    context: ComputedContext,
  ): readonly unknown[] | Promise<readonly unknown[]>;
  readonly defaultValue?: unknown;
  /** The allowed values when `columnType` is `Enum`. */
  readonly enumValues?: readonly string[];
}
