import {
  GroveError,
  Projection,
  getFieldValue,
  type Caller,
  type Collection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import type { ComputedDefinition } from './computed-definition';

/**
 * A computed field found at the end of a path.
 *
 * @example
 * ```ts
 * // `author:fullName` listed from books
 * const target: ComputedTarget = { owner: authors, prefix: 'author', name: 'fullName', definition };
 * ```
 */
export interface ComputedTarget {
  /** The computed layer of the collection that owns the field. */
  readonly owner: Collection;
  /** The relation path leading to the owner (`''` for the listed collection). */
  readonly prefix: string;
  readonly name: string;
  readonly definition: ComputedDefinition;
}

/**
 * Finds the computed field a path ends with, or null when the path is not computed.
 *
 * @example
 * ```ts
 * const resolve: ComputedResolver = path => books.resolveComputed(path);
 * ```
 */
export type ComputedResolver = (path: string) => ComputedTarget | null;

/**
 * Computes, in place, every computed path of `projection` (and the computed fields they depend
 * on) on records listed with the rewritten projection. Each computed field is evaluated once per
 * batch with deduplicated inputs; a field runs once its dependencies are ready, independent
 * fields run concurrently. Records whose relation leading to the owner is null are skipped (the
 * relation stays null).
 *
 * @example
 * ```ts
 * await computeValues(path => decorator.resolveComputed(path), caller, projection, records);
 * ```
 */
export async function computeValues(
  resolve: ComputedResolver,
  caller: Caller,
  projection: Projection,
  records: readonly RecordData[],
): Promise<void> {
  const running = new Map<string, Promise<void>>();
  const ensure = (path: string): Promise<void> => {
    let promise = running.get(path);
    if (!promise) {
      promise = computePath(path);
      running.set(path, promise);
    }

    return promise;
  };
  const computePath = async (path: string): Promise<void> => {
    const target = resolve(path);
    if (!target) return;
    const { prefix, definition } = target;
    await Promise.all(
      definition.dependencies.map(dependency =>
        ensure(prefix ? `${prefix}:${dependency}` : dependency),
      ),
    );
    const owners = records.flatMap(record => {
      const owner = prefix ? getFieldValue(record, prefix) : record;

      // The rule misreads the narrowing here: `owner` is only `object` without the assertion.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      return owner !== null && typeof owner === 'object' ? [owner as RecordData] : [];
    });
    const values = await computeBatch(target, caller, owners);
    owners.forEach((owner, index) => {
      owner[target.name] = values[index];
    });
  };

  await Promise.all(projection.paths.map(ensure));
}

/** Calls `getValues` once on the distinct inputs and fans the values back out, in order. */
async function computeBatch(
  { owner, name, definition }: ComputedTarget,
  caller: Caller,
  records: readonly RecordData[],
): Promise<unknown[]> {
  if (records.length === 0) return [];
  const inputs = new Projection(...definition.dependencies).apply(records);
  const slots = new Map<string, number>();
  const unique: RecordData[] = [];
  const slotOfRecord = inputs.map(input => {
    const key = hashRecord(input);
    let slot = slots.get(key);
    if (slot === undefined) {
      slot = unique.push(input) - 1;
      slots.set(key, slot);
    }

    return slot;
  });

  const context = new CollectionCustomizationContext(owner, caller);
  const values: unknown = await definition.getValues(unique, context);
  if (!Array.isArray(values) || values.length !== unique.length) {
    const found = Array.isArray(values)
      ? `${values.length} value${values.length === 1 ? '' : 's'}`
      : 'a non-array';
    throw new GroveError(
      'InternalServerError',
      `Computed field '${owner.name}.${name}': getValues returned ${found} for ${unique.length} ` +
        'records (it must return an array with one value per record, in order).',
      { data: { collection: owner.name, field: name } },
    );
  }
  const resolved = await Promise.all(values as unknown[]);

  return slotOfRecord.map(slot => resolved[slot]);
}

/** A content key of a partial record (bigints and buffers included). */
function hashRecord(record: RecordData): string {
  return JSON.stringify(record, (_key, value: unknown) => {
    if (typeof value === 'bigint') return `${value}n`;

    return value;
  });
}
