import { ValidationError } from '../errors/errors';
import type { ConditionTree } from './condition-tree/nodes/condition-tree';

/** A segment defined by a native query on one of the data source's connections. */
export interface LiveQuerySegment {
  readonly query: string;
  readonly connectionName: string;
  readonly contextVariables?: Readonly<Record<string, unknown>>;
}

/** The parts of a {@link Filter}. */
export interface FilterComponents {
  readonly conditionTree?: ConditionTree | null;
  readonly search?: string | null;
  readonly searchExtended?: boolean;
  readonly segment?: string | null;
  readonly liveQuerySegment?: LiveQuerySegment | null;
}

/**
 * Which records an operation targets: a condition tree, a search, a segment.
 *
 * @example
 * ```ts
 * const filter = new Filter({
 *   conditionTree: new ConditionTreeLeaf('status', 'Equal', 'paid'),
 *   search: 'ada',
 *   segment: 'VIP customers',
 * });
 * ```
 */
export class Filter {
  readonly conditionTree: ConditionTree | null;
  readonly search: string | null;
  readonly searchExtended: boolean;
  readonly segment: string | null;
  readonly liveQuerySegment: LiveQuerySegment | null;

  constructor(parts: FilterComponents = {}) {
    this.conditionTree = parts.conditionTree ?? null;
    this.search = parts.search ?? null;
    this.searchExtended = parts.searchExtended ?? false;
    this.segment = parts.segment ?? null;
    this.liveQuerySegment = parts.liveQuerySegment ?? null;
  }

  /** True when the filter can be expressed from a parent collection (no search, no segment). */
  get isNestable(): boolean {
    return !this.search && !this.segment && !this.liveQuerySegment;
  }

  /** The parts of this filter, for copies. */
  get components(): FilterComponents {
    return {
      conditionTree: this.conditionTree,
      search: this.search,
      searchExtended: this.searchExtended,
      segment: this.segment,
      liveQuerySegment: this.liveQuerySegment,
    };
  }

  /** A copy with some parts replaced. */
  override(parts: FilterComponents): Filter {
    // Not `{ ...this.components, ...parts }`: see docs/style.md#hot-paths.
    return new Filter(Object.assign(this.components, parts));
  }

  /** Expresses the filter from a parent collection through the relation `prefix`. */
  nest(prefix: string): Filter {
    if (!this.isNestable) throw new ValidationError("Filter can't be nested");

    return this.override({ conditionTree: this.conditionTree?.nest(prefix) ?? null });
  }
}
