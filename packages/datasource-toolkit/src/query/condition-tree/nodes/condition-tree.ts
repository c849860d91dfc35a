import type { Collection } from '../../../interfaces/collection';
import type { RecordData } from '../../../interfaces/record';
import type { Projection } from '../../projection';
import type { ConditionTreeLeaf } from './condition-tree-leaf';
import { ValidationError } from '../../../errors/errors';

/** The plain JSON form of a leaf. */
export interface PlainConditionTreeLeaf {
  readonly field: string;
  readonly operator: string;
  readonly value?: unknown;
}

/** The plain JSON form of a branch. */
export interface PlainConditionTreeBranch {
  readonly aggregator: string;
  readonly conditions: readonly PlainConditionTree[];
}

/** The plain JSON form of a condition tree (the wire and customization form). */
export type PlainConditionTree = PlainConditionTreeLeaf | PlainConditionTreeBranch;

/** What a leaf handler may return: an instance or its plain form. */
export type LeafReplacement = ConditionTree | PlainConditionTree;

/** Maps a leaf to a new tree. */
export type LeafReplacer = (leaf: ConditionTreeLeaf) => LeafReplacement;

/** Maps a leaf to a new tree, asynchronously. */
export type AsyncLeafReplacer = (
  leaf: ConditionTreeLeaf,
) => LeafReplacement | Promise<LeafReplacement>;

/**
 * A filter condition: a leaf (`field operator value`) or a branch (`And`/`Or` of conditions).
 * Trees are immutable: every method returns a new tree.
 */
export abstract class ConditionTree {
  /** Returns a tree matching exactly the records this one does not match. */
  abstract inverse(): ConditionTree;
  /**
   * Replaces every leaf by the tree the handler returns. When the handler returns every leaf
   * itself, the result is this very tree (callers may test identity to skip work).
   */
  abstract replaceLeafs(handler: LeafReplacer): ConditionTree;
  /** Replaces every leaf by the tree the handler returns (asynchronous handler). */
  abstract replaceLeafsAsync(handler: AsyncLeafReplacer): Promise<ConditionTree>;
  /** Tells whether a record matches, evaluated in memory in the given timezone. */
  abstract match(record: RecordData, collection: Collection, timezone: string): boolean;
  /** Calls the handler on each leaf. */
  abstract forEachLeaf(handler: (leaf: ConditionTreeLeaf) => void): void;
  /** True when the handler is true for every leaf. */
  abstract everyLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean;
  /** True when the handler is true for some leaf. */
  abstract someLeaf(handler: (leaf: ConditionTreeLeaf) => boolean): boolean;
  /** The paths the tree reads. */
  abstract get projection(): Projection;
  /** The plain JSON form. */
  abstract toJSON(): PlainConditionTree;

  /** Keeps the records that match. */
  apply(records: RecordData[], collection: Collection, timezone: string): RecordData[] {
    return records.filter(record => this.match(record, collection, timezone));
  }

  /** Prefixes every field with `prefix:` (to express the tree from a parent collection). */
  nest(prefix: string): ConditionTree {
    return prefix ? this.replaceFields(field => `${prefix}:${field}`) : this;
  }

  /** Removes the first path segment shared by every leaf. */
  unnest(): ConditionTree {
    let prefix: string | null = null;
    this.forEachLeaf(({ field }) => {
      const segment = field.includes(':') ? field.substring(0, field.indexOf(':')) : '';
      if (prefix === null) prefix = segment;
      else if (prefix !== segment) prefix = '';
    });
    if (!prefix) throw new ValidationError('Cannot unnest condition tree.');
    const length = (prefix as string).length + 1;

    return this.replaceFields(field => field.substring(length));
  }

  /** Renames the fields of every leaf. */
  replaceFields(handler: (field: string) => string): ConditionTree {
    return this.replaceLeafs(leaf => {
      const field = handler(leaf.field);

      return field === leaf.field ? leaf : leaf.override({ field });
    });
  }
}
