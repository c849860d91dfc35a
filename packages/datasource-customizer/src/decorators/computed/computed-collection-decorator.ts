import {
  aggregateInMemory,
  type PaginatedFilter,
  isToOne,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type Filter,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { computeValues, type ComputedTarget } from './compute-values';
import type { ComputedDefinition } from './computed-definition';
import { validateComputedDefinition } from './validate-computed-definition';

/**
 * How many computed fields the collections of each layer declare. While a layer has none, a
 * list crosses it untouched (no projection to rewrite, through relations either).
 */
const computedFields = new WeakMap<object, number>();

/**
 * Adds fields computed in the agent from other fields. They are read-only, not filterable and
 * not sortable here (upper layers emulate that). A list rewrites the projection (computed fields
 * become their dependencies, recursively and through relations, whose computed fields are
 * resolved by the same layer of the related collection), queries the child once, computes each
 * computed field once per batch and re-projects to exactly the requested paths. An aggregate on
 * a computed field or group lists the matching records and aggregates in memory.
 *
 * @example
 * ```ts
 * authors.registerComputed('fullName', {
 *   columnType: 'String',
 *   dependencies: ['firstName', 'lastName'],
 *   getValues: records => records.map(r => `${r.firstName} ${r.lastName}`),
 * });
 * ```
 */
export class ComputedCollectionDecorator extends CollectionDecorator {
  private readonly computeds = new Map<string, ComputedDefinition>();

  /**
   * Declares a computed field. Its dependencies must already exist (columns, relation paths,
   * computed fields declared before); misuse throws a ValidationError naming the field.
   */
  registerComputed(name: string, definition: ComputedDefinition): void {
    validateComputedDefinition(this, name, definition);
    const before = this.computeds.size;
    this.computeds.set(name, {
      ...definition,
      // Timeonly is the deprecated name of Time.
      columnType: definition.columnType === 'Timeonly' ? 'Time' : definition.columnType,
      dependencies: [...definition.dependencies],
    });
    const count = (computedFields.get(this.dataSource) ?? 0) + this.computeds.size - before;
    computedFields.set(this.dataSource, count);
    this.markSchemaAsDirty();
  }

  /** The definition of a computed field of this collection, if any. */
  getComputed(name: string): ComputedDefinition | undefined {
    return this.computeds.get(name);
  }

  /** The computed field a path (`fullName`, `author:fullName`) ends with, or null. */
  resolveComputed(path: string, prefix = ''): ComputedTarget | null {
    const index = path.indexOf(':');
    if (index === -1) {
      const definition = this.computeds.get(path);

      return definition ? { owner: this, prefix, name: path, definition } : null;
    }
    const relation = path.substring(0, index);
    const nested = prefix ? `${prefix}:${relation}` : relation;

    return this.foreign(relation)?.resolveComputed(path.substring(index + 1), nested) ?? null;
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    if (!computedFields.get(this.dataSource)) return super.list(caller, filter, projection);
    const childProjection = projection.replace(path => this.rewritePath(path));
    const records = await super.list(caller, filter, childProjection);
    if (childProjection.equals(projection)) return records;
    if (records.length === 0) return [];

    await computeValues(path => this.resolveComputed(path), caller, projection, records);

    return projection.apply(records);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    if (!aggregation.projection.paths.some(path => this.resolveComputed(path))) {
      return super.aggregate(caller, filter, aggregation, limit);
    }
    // Computed values only exist here: aggregate every matching record in memory.
    return aggregateInMemory(this, caller, { filter, aggregation, limit });
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, { columnType, defaultValue, enumValues }] of this.computeds) {
      schema.fields[name] = {
        type: 'Column',
        columnType,
        ...(defaultValue !== undefined ? { defaultValue } : {}),
        ...(enumValues ? { enumValues: [...enumValues] } : {}),
        filterOperators: new Set(),
        isPrimaryKey: false,
        isReadOnly: true,
        isSortable: false,
        isGroupable: true,
      };
    }

    return schema;
  }

  /** The child paths a path needs: computed fields become their dependencies, recursively. */
  private rewritePath(path: string): string[] {
    const index = path.indexOf(':');
    if (index === -1) {
      const definition = this.computeds.get(path);

      return definition ? definition.dependencies.flatMap(dep => this.rewritePath(dep)) : [path];
    }
    const relation = path.substring(0, index);
    const foreign = this.foreign(relation);
    if (!foreign) return [path];

    return foreign.rewritePath(path.substring(index + 1)).map(sub => `${relation}:${sub}`);
  }

  /** The same layer of the collection a to-one relation leads to. */
  private foreign(relation: string): ComputedCollectionDecorator | null {
    const field = this.schema.fields[relation];
    if (!isToOne(field)) return null;
    const foreign = this.dataSource.getCollection(field.foreignCollection);

    return foreign instanceof ComputedCollectionDecorator ? foreign : null;
  }
}
