import type { PlainConditionTree } from '../../query/condition-tree/nodes/condition-tree';
import type { Operator } from '../../query/condition-tree/operators';
import type { ConformanceTimezone } from '../fixture/conformance-fixture';

/** A record id as the suite compares it: the primary key, or `pk1|pk2` when composite. */
export type ConformanceId = number | string;

/** One operator on one field of `books`, with the ids it must select (sorted). */
export interface OperatorCase {
  readonly field: string;
  readonly operator: Operator;
  readonly value?: unknown;
  readonly expected: readonly ConformanceId[];
}

/** A relative date operator on `books`: the ids it selects per caller timezone. */
export interface RelativeDateCase {
  readonly field: string;
  readonly operator: Operator;
  readonly value?: unknown;
  readonly expected: Readonly<Record<ConformanceTimezone, readonly ConformanceId[]>>;
}

/** A whole condition tree on any collection, with the ids it must select (sorted). */
export interface TreeCase {
  readonly name: string;
  readonly collection: string;
  readonly tree: PlainConditionTree;
  readonly expected: readonly ConformanceId[];
}
