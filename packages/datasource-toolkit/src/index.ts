// The public API of @grove/datasource-toolkit, written out by hand.

// Errors
export { GroveError, isGroveError } from './errors/grove-error';
export type { GroveErrorCode, GroveErrorOptions } from './errors/grove-error';
export { errorStatus } from './errors/error-status';
export { errorCodeForStatus } from './errors/error-code-for-status';
export {
  ValidationError,
  ForbiddenError,
  UnprocessableError,
  NotFoundError,
} from './errors/errors';
export {
  missingSchemaElement,
  missingCollection,
  isMissingSchemaElementError,
} from './errors/missing-schema-element-error';
export type { SchemaElementKind } from './errors/missing-schema-element-error';

// Interfaces and schema
export type { Caller, PermissionLevel } from './interfaces/caller';
export type { Collection } from './interfaces/collection';
export type { DataSource, DataSourceFactory, Logger, LoggerLevel } from './interfaces/data-source';
export type { RecordData, CompositeId } from './interfaces/record';
export { primitiveTypes } from './interfaces/schema';
export type {
  PrimitiveType,
  NestedEnumType,
  CompositeColumnType,
  ColumnType,
  ColumnValidationRule,
  ColumnSchema,
  ManyToOneSchema,
  OneToOneSchema,
  OneToManySchema,
  ManyToManySchema,
  RelationSchema,
  FieldSchema,
  FieldType,
  ActionScope,
  ActionSchema,
  DateOperation,
  AggregationCapabilities,
  CollectionSchema,
  DataSourceSchema,
} from './interfaces/schema';
export type {
  ActionFieldType,
  ActionFieldOption,
  ActionField,
  ActionLayoutElement,
  ActionFormElement,
  ActionFormMetas,
  ResponseHeaders,
  SuccessResult,
  ErrorResult,
  WebhookResult,
  FileResult,
  RedirectResult,
  ActionResult,
} from './interfaces/action';
export type {
  Chart,
  ValueChart,
  DistributionChart,
  TimeBasedChart,
  MultipleTimeBasedChart,
  PercentageChart,
  ObjectiveChart,
} from './interfaces/chart';

// Condition trees
export {
  allOperators,
  uniqueOperators,
  intervalOperators,
  dateComparisonOperators,
  isOperator,
  parseOperator,
  toSnakeCaseOperator,
} from './query/condition-tree/operators';
export type { Operator, IntervalOperator } from './query/condition-tree/operators';
export { ConditionTree } from './query/condition-tree/nodes/condition-tree';
export type {
  PlainConditionTree,
  PlainConditionTreeLeaf,
  PlainConditionTreeBranch,
  LeafReplacement,
  LeafReplacer,
  AsyncLeafReplacer,
} from './query/condition-tree/nodes/condition-tree';
export { ConditionTreeLeaf } from './query/condition-tree/nodes/condition-tree-leaf';
export { ConditionTreeBranch } from './query/condition-tree/nodes/condition-tree-branch';
export type { Aggregator } from './query/condition-tree/nodes/condition-tree-branch';
export { ConditionTreeFactory } from './query/condition-tree/condition-tree-factory';
export { likeToRegExp } from './query/condition-tree/like-to-regexp';
export { matchLike } from './query/condition-tree/match-like';
export {
  getEquivalentTree,
  hasEquivalentTree,
  getEquivalentOperators,
} from './query/condition-tree/equivalence/condition-tree-equivalent';
export { getPreviousPeriodTree } from './query/condition-tree/previous-period';

// Query objects
export { Filter } from './query/filter';
export type { FilterComponents, LiveQuerySegment } from './query/filter';
export { PaginatedFilter } from './query/paginated-filter';
export type { PaginatedFilterComponents } from './query/paginated-filter';
export { Page } from './query/page';
export { Sort, compareValues } from './query/sort';
export type { SortClause } from './query/sort';
export { Projection, allFieldsProjection, columnsProjection } from './query/projection';
export { Aggregation, truncateDate } from './query/aggregation';
export { aggregateInMemory } from './query/aggregate-in-memory';
export type { InMemoryAggregateRequest } from './query/aggregate-in-memory';
export type {
  AggregationOperation,
  AggregationGroup,
  AggregationComponents,
  AggregateResult,
} from './query/aggregation';

// Utilities
export {
  compositeIdSeparator,
  getFieldValue,
  setFieldValue,
  getPrimaryKey,
  packId,
  unpackId,
} from './utils/record-utils';
export {
  getPrimaryKeys,
  isToOne,
  getFieldSchema,
  getColumnSchema,
  getRelatedCollection,
} from './utils/schema-utils';
export { normalizeValue } from './utils/normalize-value';

// Validation
export {
  operatorsByColumnType,
  arrayColumnOperators,
  objectColumnOperators,
  numericArgumentOperators,
  noValueOperators,
  allowedOperatorsFor,
  allowedValueTypes,
} from './validation/allowed-operators';
export { getValueType, acceptedValueTypes } from './validation/type-getter';
export type { ValueType } from './validation/type-getter';
export { validateField, validateValue, validateFieldName } from './validation/field-validator';
export { validateRecord } from './validation/record-validator';
export { validateConditionTree } from './validation/condition-tree-validator';
export { validateSort } from './validation/sort-validator';
export { validateProjection } from './validation/projection-validator';
export { validateTimezone } from './validation/timezone-validator';
export { canonicalTimezone, maxTimezoneLength } from './validation/canonical-timezone';

// Data URIs
export { parseDataUri, formatDataUri } from './utils/data-uri';
export type { DataUri } from './utils/data-uri';

// Filter helpers for related data
export { getValueById, makeForeignFilter, findInverseRelation } from './query/filter-factory';

// Base classes
export { BaseDataSource } from './base/base-data-source';
export { BaseCollection } from './base/base-collection';

// In-memory data source
export {
  createInMemoryDataSource,
  inMemoryDataSourceFactory,
} from './in-memory/create-in-memory-data-source';
export type {
  InMemoryDataSourceDefinition,
  InMemoryCollectionDefinition,
  InMemoryFieldDefinition,
  InMemoryColumnDefinition,
} from './in-memory/in-memory-definition';
