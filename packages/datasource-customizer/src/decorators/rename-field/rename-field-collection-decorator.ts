import {
  PaginatedFilter,
  ValidationError,
  missingSchemaElement,
  validateFieldName,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type FieldSchema,
  type Filter,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';

/**
 * How many fields are renamed in the collections of each layer. Records, paths and filters cross
 * a layer without any rename untouched (they keep their identity): most agents rename nothing,
 * and the translation would copy every record of every read. Per layer, because a record
 * carries its related records, which the sibling collections of the same layer translate.
 */
const renamedFields = new WeakMap<object, number>();

/**
 * Renames fields in the exported API only. Every reference is translated both ways: condition
 * trees, sorts, projections, aggregations and their results, records (through relations) and the
 * key names in relation schemas of every collection. Customization code keeps original names.
 */
export class RenameFieldCollectionDecorator extends CollectionDecorator {
  /** original (child) name → exported name, only for renamed fields. */
  private readonly toExported = new Map<string, string>();
  /** exported name → original (child) name, only for renamed fields. */
  private readonly toOriginal = new Map<string, string>();

  /**
   * Renames a field. `current` is its original or current exported name; renaming again starts
   * from the original name, and renaming back to the original cancels the renaming.
   */
  renameField(current: string, next: string): void {
    const original = this.toOriginal.get(current) ?? current;
    const exported = this.toExported.get(original) ?? original;
    if (!this.child.schema.fields[original] || (current !== original && current !== exported)) {
      throw missingSchemaElement('field', this.name, current, Object.keys(this.schema.fields));
    }
    validateFieldName(this.name, next);
    if (next !== exported && this.schema.fields[next]) {
      throw new ValidationError(
        `Cannot rename '${this.name}.${current}' to '${next}': the '${this.name}.${next}' field ` +
          'is already defined.',
      );
    }

    const before = this.toExported.size;
    this.toOriginal.delete(exported);
    this.toExported.delete(original);
    if (next !== original) {
      this.toExported.set(original, next);
      this.toOriginal.set(next, original);
    }
    const count = (renamedFields.get(this.dataSource) ?? 0) + this.toExported.size - before;
    renamedFields.set(this.dataSource, count);
    // Relation schemas of other collections name this field as a key.
    this.dataSource.markAllSchemasAsDirty();
  }

  /** The child's name of an exported field name (identity when not renamed). */
  fieldToChild(name: string): string {
    return this.toOriginal.get(name) ?? name;
  }

  /** The exported name of a child's field name. */
  fieldFromChild(name: string): string {
    return this.toExported.get(name) ?? name;
  }

  /** Translates an exported path (`author:fullName`) into the child's path. */
  pathToChild(path: string): string {
    return this.translatePath(path, 'toChild');
  }

  /** Translates a child's path into the exported path. */
  pathFromChild(path: string): string {
    return this.translatePath(path, 'fromChild');
  }

  /** Translates a record written with exported names, recursing into to-one relations. */
  recordToChild(record: RecordData): RecordData {
    return this.translateRecord(record, 'toChild');
  }

  /** Translates a record of the child into exported names. */
  recordFromChild(record: RecordData): RecordData {
    return this.translateRecord(record, 'fromChild');
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    if (!this.layerRenames()) return this.child.list(caller, filter, projection);
    const childProjection = projection.replace(path => this.pathToChild(path));
    const records = await super.list(caller, filter, childProjection);
    // No projected path is renamed (the usual case): the child's records are already exported.
    const renamed = childProjection.paths.some((path, i) => path !== projection.paths[i]);

    return renamed ? records.map(record => this.recordFromChild(record)) : records;
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await super.create(
      caller,
      records.map(record => this.recordToChild(record)),
    );

    return created.map(record => this.recordFromChild(record));
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return super.update(caller, filter, this.recordToChild(patch));
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    if (!this.layerRenames()) return this.child.aggregate(caller, filter, aggregation, limit);
    const childAggregation = aggregation.replaceFields(path => this.pathToChild(path));
    const rows = await super.aggregate(caller, filter, childAggregation, limit);

    return rows.map(row => ({
      value: row.value,
      group: Object.fromEntries(
        Object.entries(row.group).map(([path, value]) => [this.pathFromChild(path), value]),
      ),
    }));
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    if (!this.layerRenames()) return filter;
    const toChild = (path: string): string => this.pathToChild(path);
    const conditionTree = filter.conditionTree?.replaceFields(toChild) ?? null;
    if (filter instanceof PaginatedFilter) {
      const sort = filter.sort?.replaceClauses(c => ({ ...c, field: toChild(c.field) })) ?? null;

      return filter.override({ conditionTree, sort }) as unknown as F;
    }

    return filter.override({ conditionTree }) as F;
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    const fields = Object.entries(schema.fields).map(
      ([name, field]) => [this.fieldFromChild(name), this.renameKeys(field)] as const,
    );

    return { ...schema, fields: Object.fromEntries(fields) };
  }

  /** Whether a field of any collection of this layer is renamed. */
  private layerRenames(): boolean {
    return (renamedFields.get(this.dataSource) ?? 0) > 0;
  }

  /** Relation keys live on this, the foreign or the through collection: each renames its own. */
  private renameKeys(field: FieldSchema): FieldSchema {
    if (field.type === 'Column') return field;
    const foreign = this.sibling(field.foreignCollection);
    switch (field.type) {
      case 'ManyToOne':
        return {
          ...field,
          foreignKey: this.fieldFromChild(field.foreignKey),
          foreignKeyTarget: foreign.fieldFromChild(field.foreignKeyTarget),
        };
      case 'OneToOne':
      case 'OneToMany':
        return {
          ...field,
          originKey: foreign.fieldFromChild(field.originKey),
          originKeyTarget: this.fieldFromChild(field.originKeyTarget),
        };
      case 'ManyToMany': {
        const through = this.sibling(field.throughCollection);

        return {
          ...field,
          originKey: through.fieldFromChild(field.originKey),
          foreignKey: through.fieldFromChild(field.foreignKey),
          originKeyTarget: this.fieldFromChild(field.originKeyTarget),
          foreignKeyTarget: foreign.fieldFromChild(field.foreignKeyTarget),
        };
      }
    }
  }

  private translatePath(path: string, direction: Direction): string {
    const index = path.indexOf(':');
    const name = index === -1 ? path : path.substring(0, index);
    const translated =
      direction === 'toChild' ? this.fieldToChild(name) : this.fieldFromChild(name);
    if (index === -1) return translated;
    const relation = this.child.schema.fields[direction === 'toChild' ? translated : name];
    if (!relation || relation.type === 'Column') return `${translated}${path.substring(index)}`;
    const foreign = this.sibling(relation.foreignCollection);

    return `${translated}:${foreign.translatePath(path.substring(index + 1), direction)}`;
  }

  private translateRecord(record: RecordData, direction: Direction): RecordData {
    // The child's schema is read once per record: each read walks the layers below.
    const { fields } = this.child.schema;
    const entries = Object.entries(record).map(([name, value]) => {
      const childName = direction === 'toChild' ? this.fieldToChild(name) : name;
      const translated = direction === 'toChild' ? childName : this.fieldFromChild(name);
      const field = fields[childName];
      if (field && field.type !== 'Column' && isPlainObject(value)) {
        const foreign = this.sibling(field.foreignCollection);

        return [translated, foreign.translateRecord(value, direction)] as const;
      }

      return [translated, value] as const;
    });

    return Object.fromEntries(entries);
  }

  private sibling(name: string): RenameFieldCollectionDecorator {
    return this.dataSource.getCollection(name) as RenameFieldCollectionDecorator;
  }
}

type Direction = 'toChild' | 'fromChild';

function isPlainObject(value: unknown): value is RecordData {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !Buffer.isBuffer(value) &&
    !(value instanceof Date)
  );
}
