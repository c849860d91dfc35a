import {
  ConditionTreeFactory,
  ConditionTreeLeaf,
  GroveError,
  UnprocessableError,
  ValidationError,
  getPrimaryKeys,
  isGroveError,
  validateConditionTree,
  type Caller,
  type CollectionSchema,
  type ConditionTree,
  type Filter,
  type LiveQuerySegment,
} from '@grove/datasource-toolkit';
import { CollectionCustomizationContext } from '../../context/customization-context';
import { toConditionTree } from '../../typings/to-condition-tree';
import { CollectionDecorator } from '../collection-decorator';
import type { SegmentDefinition } from './segment-definition';

/**
 * Adds named segments. A filter naming one of them gets the segment's condition ANDed with its
 * tree; a segment this layer does not know is forwarded when the child lists it, and refused
 * otherwise (Grove: an unknown segment is a 400, never silently ignored). Live-query segments
 * are run on the data source's native connection and become a condition on the primary key.
 *
 * @example
 * ```ts
 * const layer = new DataSourceDecorator(dataSource, SegmentCollectionDecorator);
 * layer.getCollection('books').addSegment('cheap', { field: 'price', operator: 'LessThan', value: 10 });
 * ```
 */
export class SegmentCollectionDecorator extends CollectionDecorator {
  private readonly segments = new Map<string, SegmentDefinition>();

  /** Adds a segment; its condition is checked against the schema when it is used. */
  addSegment(name: string, definition: SegmentDefinition): void {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new ValidationError(`A segment of collection '${this.name}' must have a name`);
    }
    if (this.segments.has(name) || this.child.schema.segments.includes(name)) {
      throw new ValidationError(
        `Segment '${name}' is already defined on collection '${this.name}'`,
      );
    }
    if (typeof definition !== 'function') {
      // Parsed now, so that malformed JSON fails at build time.
      try {
        toConditionTree(definition);
      } catch (error) {
        throw this.contextualize(name, error);
      }
    }

    this.segments.set(name, definition);
    this.markSchemaAsDirty();
  }

  /**
   * Checks the static segments against the final schema. Called once every customization is
   * applied (a segment may be registered before the computed field or relation it uses).
   */
  checkStaticSegments(): void {
    for (const [name, definition] of this.segments) {
      if (typeof definition === 'function') continue;
      try {
        validateConditionTree(toConditionTree(definition), this);
      } catch (error) {
        throw this.contextualize(name, error);
      }
    }
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const name of this.segments.keys()) {
      if (!schema.segments.includes(name)) schema.segments.push(name);
    }

    return schema;
  }

  protected override async refineFilter<F extends Filter>(caller: Caller, filter: F): Promise<F> {
    let refined = filter;
    const { segment, liveQuerySegment } = filter;

    if (segment !== null && this.segments.has(segment)) {
      const tree = await this.segmentTree(caller, segment);
      refined = refined.override({
        conditionTree: ConditionTreeFactory.intersect(refined.conditionTree, tree),
        segment: null,
      }) as F;
    } else if (segment !== null && !this.child.schema.segments.includes(segment)) {
      throw new ValidationError(`Invalid segment: "${segment}"`);
    }

    if (liveQuerySegment) {
      const tree = await this.liveQueryTree(liveQuerySegment);
      refined = refined.override({
        conditionTree: ConditionTreeFactory.intersect(refined.conditionTree, tree),
        liveQuerySegment: null,
      }) as F;
    }

    return refined;
  }

  private async segmentTree(caller: Caller, name: string): Promise<ConditionTree | null> {
    const definition = this.segments.get(name) as SegmentDefinition;
    try {
      const plain =
        typeof definition === 'function'
          ? await definition(new CollectionCustomizationContext(this, caller))
          : definition;
      const tree = toConditionTree(plain);
      validateConditionTree(tree, this);

      return tree;
    } catch (error) {
      throw this.contextualize(name, error);
    }
  }

  private async liveQueryTree(segment: LiveQuerySegment): Promise<ConditionTree> {
    const [pk] = getPrimaryKeys(this.schema);
    if (!pk) {
      throw new ValidationError(
        `Live query segments need a primary key on collection '${this.name}'`,
      );
    }

    let rows: Record<string, unknown>[];
    try {
      rows = await this.dataSource.executeNativeQuery(
        segment.connectionName,
        segment.query,
        segment.contextVariables ? { ...segment.contextVariables } : undefined,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new UnprocessableError(
        `An error occurred during the execution of the segment query - ${message}`,
        { cause: error },
      );
    }
    // The query names the key column like the collection, or returns it first.
    const ids = rows.map(row => (pk in row ? row[pk] : Object.values(row)[0]));
    const tree = new ConditionTreeLeaf(pk, 'In', [...new Set(ids)]);
    validateConditionTree(tree, this);

    return tree;
  }

  private contextualize(segment: string, error: unknown): unknown {
    if (!isGroveError(error)) return error;

    return new GroveError(
      error.code,
      `Invalid segment '${segment}' on collection '${this.name}': ${error.message}`,
      { name: error.name, ...(error.data ? { data: error.data } : {}), cause: error },
    );
  }
}
