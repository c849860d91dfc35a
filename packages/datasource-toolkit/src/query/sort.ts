import { ValidationError } from '../errors/errors';
import type { Collection } from '../interfaces/collection';
import type { RecordData } from '../interfaces/record';
import { getFieldValue } from '../utils/record-utils';
import { getPrimaryKeys } from '../utils/schema-utils';
import { Projection } from './projection';

/** One sort clause. */
export interface SortClause {
  readonly field: string;
  readonly ascending: boolean;
}

/**
 * An ordered list of sort clauses. Grove orders `null` before every value (ascending), like
 * SQLite and MySQL; data sources of other databases say `NULLS FIRST` / `NULLS LAST` to match.
 *
 * @example
 * ```ts
 * const sort = new Sort({ field: 'author:name', ascending: true }, { field: 'id', ascending: false });
 * sort.apply(records);
 * ```
 */
export class Sort implements Iterable<SortClause> {
  readonly clauses: readonly SortClause[];

  constructor(...clauses: SortClause[]) {
    this.clauses = clauses;
  }

  /** Ascending on each sortable primary key: the default order of a list. */
  static byPrimaryKeys(collection: Collection): Sort {
    return new Sort(
      ...getPrimaryKeys(collection.schema)
        .filter(pk => {
          const field = collection.schema.fields[pk];

          return field?.type === 'Column' && field.isSortable !== false;
        })
        .map(field => ({ field, ascending: true })),
    );
  }

  [Symbol.iterator](): Iterator<SortClause> {
    return this.clauses[Symbol.iterator]();
  }

  get length(): number {
    return this.clauses.length;
  }

  /** The paths the sort reads. */
  get projection(): Projection {
    return new Projection(...this.clauses.map(clause => clause.field));
  }

  /** Prefixes every field with `prefix:`. */
  nest(prefix?: string | null): Sort {
    return prefix
      ? new Sort(
          ...this.clauses.map(({ field, ascending }) => ({
            field: `${prefix}:${field}`,
            ascending,
          })),
        )
      : this;
  }

  /** Removes the first segment shared by every field. */
  unnest(): Sort {
    const first = this.clauses[0]?.field;
    const prefix = first?.includes(':') ? first.substring(0, first.indexOf(':')) : null;
    if (!prefix || !this.clauses.every(({ field }) => field.startsWith(`${prefix}:`))) {
      throw new ValidationError('Cannot unnest sort.');
    }

    return new Sort(
      ...this.clauses.map(({ field, ascending }) => ({
        field: field.substring(prefix.length + 1),
        ascending,
      })),
    );
  }

  /** Flips every direction. */
  inverse(): Sort {
    return new Sort(
      ...this.clauses.map(({ field, ascending }) => ({ field, ascending: !ascending })),
    );
  }

  /** Maps each clause to one or several clauses. */
  replaceClauses(handler: (clause: SortClause) => SortClause | readonly SortClause[]): Sort {
    const clauses = this.clauses.flatMap(clause => handler(clause));
    // Unchanged clauses give back this sort (immutable): a layer can tell it changed nothing.
    const unchanged =
      clauses.length === this.clauses.length &&
      clauses.every((clause, index) => clause === this.clauses[index]);

    return unchanged ? this : new Sort(...clauses);
  }

  /** Sorts records in memory (a new array). */
  apply(records: readonly RecordData[]): RecordData[] {
    return [...records].sort((a, b) => {
      for (const { field, ascending } of this.clauses) {
        const order = compareValues(getFieldValue(a, field), getFieldValue(b, field));
        if (order !== 0) return ascending ? order : -order;
      }

      return 0;
    });
  }

  toJSON(): SortClause[] {
    return this.clauses.map(clause => ({ ...clause }));
  }
}

/**
 * Orders two values: nulls first, then numbers, instants, strings (by code point), booleans.
 *
 * @example
 * ```ts
 * [3, null, 1].sort(compareValues); // [null, 1, 3]
 * ```
 */
export function compareValues(a: unknown, b: unknown): number {
  const left = comparable(a);
  const right = comparable(b);
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;

  return left < right ? -1 : left > right ? 1 : 0;
}

function comparable(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (typeof value === 'object') return JSON.stringify(value);

  return value as string | number | boolean;
}
