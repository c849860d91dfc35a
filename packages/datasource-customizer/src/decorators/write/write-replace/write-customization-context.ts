import type { Caller, Collection, Filter, RecordData } from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../../context/customization-context';
import type {
  TCollectionName,
  TPartialRow,
  TSchema,
  TUntypedSchema,
} from '../../../types/schema-typing';

/** The operation a write handler is called for. */
export type WriteAction = 'create' | 'update';

/**
 * What a write handler receives besides the value: the operation, the whole record (or patch)
 * being written as a frozen copy, and for updates the filter of the updated records.
 *
 * @example
 * ```ts
 * collection.replaceFieldWriting('fullName', (value, context) => {
 *   if (context.action === 'update' && !context.record.email) return { fullName: value };
 * });
 * ```
 */
export class WriteCustomizationContext<
  S extends TSchema = TUntypedSchema,
  N extends TCollectionName<S> = TCollectionName<S>,
> extends CollectionCustomizationContext {
  readonly action: WriteAction;
  readonly record: Readonly<TPartialRow<S, N>>;
  /** The records an update targets; absent for creates and nested relation writes. */
  readonly filter?: Filter;

  constructor(
    collection: Collection,
    caller: Caller,
    action: WriteAction,
    record: RecordData,
    filter?: Filter,
  ) {
    super(collection, caller);
    this.action = action;
    this.record = deepFreeze(structuredCopy(record)) as Readonly<TPartialRow<S, N>>;
    if (filter) this.filter = filter;
  }
}

function structuredCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCopy);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, structuredCopy(item)]),
    );
  }

  return value;
}

function deepFreeze(value: unknown): unknown {
  if (Array.isArray(value) || isPlainObject(value)) {
    Object.values(value as object).forEach(deepFreeze);
    Object.freeze(value);
  }

  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}
