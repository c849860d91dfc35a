import type { Operator } from '../query/condition-tree/operators';

/** The primitive column types: the eleven of docs/agent-protocol.md#column-fields, plus `Binary` and the deprecated `Timeonly`. */
export type PrimitiveType =
  | 'Boolean'
  | 'Binary'
  | 'Date'
  | 'Dateonly'
  | 'Enum'
  | 'File'
  | 'Json'
  | 'Number'
  | 'Point'
  | 'String'
  | 'Time'
  | 'Timeonly'
  | 'Uuid';

/** Every primitive type, in a stable order. */
export const primitiveTypes: readonly PrimitiveType[] = [
  'Boolean',
  'Binary',
  'Date',
  'Dateonly',
  'Enum',
  'File',
  'Json',
  'Number',
  'Point',
  'String',
  'Time',
  'Timeonly',
  'Uuid',
];

/** An enum nested in a composite column type. */
export interface NestedEnumType {
  readonly type: 'Enum';
  readonly enumValues: readonly string[];
}

/** A composite column type: an array of one type, or an object of named types. */
export type CompositeColumnType =
  readonly [ColumnType] | { readonly [key: string]: ColumnType | NestedEnumType };

/**
 * The type of a column's values.
 *
 * @example
 * ```ts
 * const tags: ColumnType = ['String'];
 * const address: ColumnType = { street: 'String', zip: 'Number' };
 * ```
 */
export type ColumnType = PrimitiveType | CompositeColumnType;

/** A validation rule of a column, expressed with a filter operator. */
export interface ColumnValidationRule {
  readonly operator: Operator;
  readonly value?: unknown;
}

/** A column of a collection. */
export interface ColumnSchema {
  readonly type: 'Column';
  columnType: ColumnType;
  /** The operators the collection can filter this column with (none when absent). */
  filterOperators?: Set<Operator>;
  defaultValue?: unknown;
  enumValues?: string[];
  isPrimaryKey?: boolean;
  isReadOnly?: boolean;
  isSortable?: boolean;
  isGroupable?: boolean;
  allowNull?: boolean;
  validation?: ColumnValidationRule[];
}

/** `this.foreignKey = foreign.foreignKeyTarget`. */
export interface ManyToOneSchema {
  readonly type: 'ManyToOne';
  foreignCollection: string;
  foreignKey: string;
  foreignKeyTarget: string;
}

/** `foreign.originKey = this.originKeyTarget`, at most one child. */
export interface OneToOneSchema {
  readonly type: 'OneToOne';
  foreignCollection: string;
  originKey: string;
  originKeyTarget: string;
}

/** `foreign.originKey = this.originKeyTarget`, many children. */
export interface OneToManySchema {
  readonly type: 'OneToMany';
  foreignCollection: string;
  originKey: string;
  originKeyTarget: string;
}

/**
 * `through.originKey = this.originKeyTarget` and `through.foreignKey = foreign.foreignKeyTarget`.
 */
export interface ManyToManySchema {
  readonly type: 'ManyToMany';
  foreignCollection: string;
  throughCollection: string;
  originKey: string;
  originKeyTarget: string;
  foreignKey: string;
  foreignKeyTarget: string;
}

/** A relation to another collection. */
export type RelationSchema = ManyToOneSchema | OneToOneSchema | OneToManySchema | ManyToManySchema;

/** A field of a collection: a column or a relation. */
export type FieldSchema = ColumnSchema | RelationSchema;

/** The kinds of field. */
export type FieldType = FieldSchema['type'];

/** The scope of an action. */
export type ActionScope = 'Single' | 'Bulk' | 'Global';

/** What a collection says about one of its actions. */
export interface ActionSchema {
  readonly scope: ActionScope;
  generateFile?: boolean;
  /** True when the form does not depend on the records or on the values typed. */
  staticForm?: boolean;
  description?: string;
  submitButtonLabel?: string;
}

/** Date truncations a collection can group by. */
export type DateOperation = 'Year' | 'Quarter' | 'Month' | 'Week' | 'Day';

/** What a collection can do when aggregating. */
export interface AggregationCapabilities {
  supportGroups: boolean;
  supportedDateOperations: Set<DateOperation>;
}

/** The schema of a collection. */
export interface CollectionSchema {
  fields: Record<string, FieldSchema>;
  actions: Record<string, ActionSchema>;
  segments: string[];
  charts: string[];
  countable: boolean;
  searchable: boolean;
  aggregationCapabilities?: AggregationCapabilities;
}

/** The schema of a data source. */
export interface DataSourceSchema {
  charts: string[];
}
