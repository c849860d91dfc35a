/** What every list query of the store shares: the environment, date filters, order, cursor. */

/** An environment of the caller's project, found by its exact name. */
export interface PublicApiEnvironment {
  readonly id: number;
  readonly name: string;
}

/** A date filter (`createdAt.eq`, `.lt`, `.lte`, `.gt`, `.gte`): every bound given applies. */
export interface DateRange {
  readonly eq?: Date;
  readonly lt?: Date;
  readonly lte?: Date;
  readonly gt?: Date;
  readonly gte?: Date;
}

/** Sort direction of a list: `desc` (newest first, the vendor's) or `asc` (polling). */
export type ListOrder = 'desc' | 'asc';

/**
 * A keyset position: the list continues strictly after this row in the list's order, rows being
 * ordered by `(createdAt, id)` — so rows that share a timestamp are never skipped or repeated.
 */
export interface LogCursor {
  readonly createdAt: Date;
  /** The row's id as the wire shows it (a string of digits for the platform). */
  readonly id: string;
}
