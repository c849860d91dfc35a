import {
  ValidationError,
  missingSchemaElement,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type ColumnType,
  type ConditionTreeLeaf,
  type Filter,
  type Operator,
  type PaginatedFilter,
  type Projection,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { binaryModes, type BinaryMode } from './binary-mode';
import { binaryAsString, binaryValidation } from './binary-schema';
import { decodeBinary, encodeBinary, hasBinary } from './binary-values';

/** Filter operators whose value is a column value, converted to Buffers. */
const convertedOperators: ReadonlySet<Operator> = new Set<Operator>([
  'Equal',
  'NotEqual',
  'In',
  'NotIn',
  'IncludesAll',
  'IncludesNone',
  'LessThan',
  'GreaterThan',
  'LessThanOrEqual',
  'GreaterThanOrEqual',
  'Before',
  'After',
  'Contains',
  'NotContains',
  'IContains',
  'NotIContains',
  'StartsWith',
  'IStartsWith',
  'EndsWith',
  'IEndsWith',
]);

/** A binary column reached by a path, and the mode of the collection that owns it. */
interface BinaryTarget {
  readonly columnType: ColumnType;
  readonly mode: BinaryMode;
}

/**
 * The binary layer: at the API boundary, Buffers are exchanged as strings (hex or data URI) and
 * the schema says `String`; below it, every customization handles Buffers.
 *
 * Default mode: `hex` for primary keys and for foreign keys of ManyToOne relations (they are ids),
 * `datauri` for other binary columns (files).
 */
export class BinaryCollectionDecorator extends CollectionDecorator {
  private readonly modes = new Map<string, BinaryMode>();

  /**
   * Chooses how a binary column is exchanged with clients.
   *
   * @example
   * ```ts
   * users.setBinaryMode('avatar', 'datauri');
   * ```
   */
  setBinaryMode(name: string, mode: BinaryMode): void {
    const { fields } = this.child.schema;
    const field = fields[name];
    if (!binaryModes.includes(mode)) {
      throw new ValidationError(
        `Invalid binary mode '${String(mode)}' on '${this.name}.${name}': expected 'datauri' or 'hex'`,
      );
    }
    if (!field) throw missingSchemaElement('field', this.name, name, Object.keys(fields));
    if (field.type !== 'Column' || !hasBinary(field.columnType)) {
      throw new ValidationError(
        `Expected a binary field: '${this.name}.${name}' is not a Binary column`,
      );
    }

    this.modes.set(name, mode);
    this.markSchemaAsDirty();
  }

  override async list(
    caller: Caller,
    filter: PaginatedFilter,
    projection: Projection,
  ): Promise<RecordData[]> {
    const records = await super.list(caller, filter, projection);
    // Records hold the projected fields only: without a binary one among them, there is
    // nothing to convert (the usual read), and they pass as they are.
    if (!projection.paths.some(path => this.targetOf(path) !== null)) return records;

    return records.map(record => this.encodeRecord(record));
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const created = await this.child.create(
      caller,
      records.map(record => this.decodeRecord(record)),
    );

    return created.map(record => this.encodeRecord(record));
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    return super.update(caller, filter, this.decodeRecord(patch));
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    const rows = await super.aggregate(caller, filter, aggregation, limit);
    const valueTarget = aggregation.field ? this.targetOf(aggregation.field) : null;

    return rows.map(({ value, group }) => ({
      value: valueTarget ? encodeBinary(valueTarget.columnType, value, valueTarget.mode) : value,
      group: Object.fromEntries(
        Object.entries(group).map(([path, groupValue]) => {
          const target = this.targetOf(path);

          return [
            path,
            target ? encodeBinary(target.columnType, groupValue, target.mode) : groupValue,
          ];
        }),
      ),
    }));
  }

  protected override async refineFilter<F extends Filter>(_caller: Caller, filter: F): Promise<F> {
    if (!filter.conditionTree) return filter;
    const conditionTree = filter.conditionTree.replaceLeafs(leaf => this.decodeLeaf(leaf));

    return conditionTree === filter.conditionTree
      ? filter
      : (filter.override({ conditionTree }) as F);
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, field] of Object.entries(schema.fields)) {
      if (field.type !== 'Column' || !hasBinary(field.columnType)) continue;
      if (field.columnType === 'Binary') {
        field.validation = binaryValidation(field.validation, this.modeOf(name, schema));
      }
      field.columnType = binaryAsString(field.columnType);
    }

    return schema;
  }

  /** Converts the Buffers of a record read from below (relations through their own layer). */
  encodeRecord(record: RecordData): RecordData {
    return this.mapRecord(
      record,
      (name, columnType, value) => encodeBinary(columnType, value, this.modeOf(name)),
      (related, value) => related.encodeRecord(value),
    );
  }

  /** Converts the strings of a record written from above into Buffers. */
  decodeRecord(record: RecordData): RecordData {
    return this.mapRecord(
      record,
      (name, columnType, value) =>
        decodeBinary(columnType, value, this.modeOf(name), `${this.name}.${name}`),
      (related, value) => related.decodeRecord(value),
    );
  }

  /** The binary column a path reaches (through to-one relations), or null. */
  targetOf(path: string): BinaryTarget | null {
    const index = path.indexOf(':');
    const field = this.child.schema.fields[index === -1 ? path : path.substring(0, index)];
    if (!field) return null;

    if (index === -1) {
      return field.type === 'Column' && hasBinary(field.columnType)
        ? { columnType: field.columnType, mode: this.modeOf(path) }
        : null;
    }
    if (field.type !== 'ManyToOne' && field.type !== 'OneToOne') return null;
    const related = this.sameLayerOf(field.foreignCollection);

    return related ? related.targetOf(path.substring(index + 1)) : null;
  }

  private decodeLeaf(leaf: ConditionTreeLeaf): ConditionTreeLeaf {
    const target = convertedOperators.has(leaf.operator) ? this.targetOf(leaf.field) : null;
    if (!target) return leaf;
    const where = `${this.name}.${leaf.field}`;
    // List operators (In, NotIn…) on a Binary column hold several values.
    const value =
      Array.isArray(leaf.value) && target.columnType === 'Binary'
        ? leaf.value.map(item => decodeBinary('Binary', item, target.mode, where))
        : decodeBinary(target.columnType, leaf.value, target.mode, where);

    return leaf.override({ value });
  }

  /** Maps the binary columns of a record, and its to-one relations through their layer. */
  private mapRecord(
    record: RecordData,
    column: (name: string, columnType: ColumnType, value: unknown) => unknown,
    relation: (related: BinaryCollectionDecorator, value: RecordData) => RecordData,
  ): RecordData {
    const { fields } = this.child.schema;

    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => {
        const field = fields[key];
        if (!field || value === null || value === undefined) return [key, value];
        if (field.type === 'Column') {
          return [key, hasBinary(field.columnType) ? column(key, field.columnType, value) : value];
        }
        if (field.type !== 'ManyToOne' && field.type !== 'OneToOne') return [key, value];
        const related = this.sameLayerOf(field.foreignCollection);
        const isRecord = typeof value === 'object' && !Array.isArray(value);

        return [key, isRecord && related ? relation(related, value as RecordData) : value];
      }),
    );
  }

  private modeOf(name: string, schema: CollectionSchema = this.child.schema): BinaryMode {
    const chosen = this.modes.get(name);
    if (chosen) return chosen;
    const field = schema.fields[name];
    const isPrimaryKey = field?.type === 'Column' && field.isPrimaryKey === true;
    const isForeignKey = Object.values(schema.fields).some(
      other => other.type === 'ManyToOne' && other.foreignKey === name,
    );

    return isPrimaryKey || isForeignKey ? 'hex' : 'datauri';
  }
}
