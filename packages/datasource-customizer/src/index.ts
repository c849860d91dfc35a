// The public API of @grove/datasource-customizer, written out by hand. Users see the builder
// classes, the `*Definition` types, the handler contexts and the result builders; the decorators
// of the stack stay internal.

// Customizers and plugins
export { DataSourceCustomizer } from './data-source-customizer';
export type { DataSourceOptions, DataSourceCustomizerOptions } from './data-source-customizer';
export { CollectionCustomizer } from './collection-customizer';
export type {
  ManyToOneOptions,
  OneToManyOptions,
  ManyToManyOptions,
  TColumnOrRelationName,
} from './collection-customizer-options';
export type { Plugin } from './plugins/plugin';
export type { ImportFieldOptions } from './plugins/import-field';
export type { ExternalRelationDefinition } from './plugins/add-external-relation';
export type { CollectionRenaming } from './decorators/rename-collection/rename-collection-data-source-decorator';

// Contexts shared by every handler
export {
  CustomizationContext,
  CollectionCustomizationContext,
} from './context/customization-context';
export { RelaxedCollection, toFilter, toPaginatedFilter } from './context/relaxed-collection';
export type { PlainFilter, PlainPaginatedFilter } from './context/relaxed-collection';
export { RelaxedDataSource } from './context/relaxed-data-source';

// Actions
export type {
  ActionDefinition,
  ActionDefinitionSingle,
  ActionDefinitionBulk,
  ActionDefinitionGlobal,
} from './decorators/action/action-definition';
export type {
  ValueOrHandler,
  ActionFieldValueMap,
  ActionFieldDefinitionValue,
  ActionFieldWidget,
  ActionFieldOptionDefinition,
  ActionFieldOptions,
  DynamicField,
  DynamicSeparator,
  DynamicHtmlBlock,
  DynamicRow,
  DynamicPage,
  DynamicFormElement,
  DynamicForm,
} from './decorators/action/action-form-definition';
export { ActionContext } from './decorators/action/action-context';
export { ActionContextSingle } from './decorators/action/action-context-single';
export { ActionResultBuilder } from './decorators/action/action-result-builder';
export type { WebhookMethod } from './decorators/action/action-result-builder';

// Charts
export type {
  CollectionChartDefinition,
  DataSourceChartDefinition,
} from './decorators/chart/chart-definition';
export { ChartResultBuilder } from './decorators/chart/chart-result-builder';
export type { MultipleTimeBasedLine } from './decorators/chart/chart-result-builder';
export { CollectionChartContext } from './decorators/chart/collection-chart-context';
export { DataSourceChartContext } from './decorators/chart/data-source-chart-context';
export type { TimeBasedPoint } from './decorators/chart/time-buckets';

// Fields and relations
export type {
  ComputedDefinition,
  ComputedContext,
} from './decorators/computed/computed-definition';
export type {
  ManyToOneDefinition,
  OneToManyDefinition,
  ManyToManyDefinition,
  RelationDefinition,
} from './decorators/relation/relation-definition';
export type { WriteDefinition } from './decorators/write/write-replace/write-definition';
export { WriteCustomizationContext } from './decorators/write/write-replace/write-customization-context';
export type { WriteAction } from './decorators/write/write-replace/write-customization-context';
export type { BinaryMode } from './decorators/binary/binary-mode';

// Filtering, sorting, searching, segments
export type {
  OperatorReplacer,
  OperatorReplacement,
} from './decorators/operators-emulate/operator-replacer-definition';
export type { TSortClause, SortDefinition } from './decorators/sort-emulate/sort-definition';
export type {
  SearchOptions,
  SearchReplacement,
  SearchReplacer,
} from './decorators/search/search-definition';
export { SearchCustomizationContext } from './decorators/search/search-customization-context';
export type { SegmentCondition, SegmentDefinition } from './decorators/segment/segment-definition';

// Hooks
export type {
  HookPosition,
  HookType,
  HookContexts,
  HookDefinition,
} from './decorators/hook/hook-definition';
export {
  HookBeforeListContext,
  HookAfterListContext,
} from './decorators/hook/context/list-hook-contexts';
export {
  HookBeforeCreateContext,
  HookAfterCreateContext,
} from './decorators/hook/context/create-hook-contexts';
export {
  HookBeforeUpdateContext,
  HookAfterUpdateContext,
} from './decorators/hook/context/update-hook-contexts';
export {
  HookBeforeDeleteContext,
  HookAfterDeleteContext,
} from './decorators/hook/context/delete-hook-contexts';
export {
  HookBeforeAggregateContext,
  HookAfterAggregateContext,
} from './decorators/hook/context/aggregate-hook-contexts';
export type { AggregateHookRequest } from './decorators/hook/context/aggregate-hook-contexts';

// Overrides
export {
  CreateOverrideCustomizationContext,
  UpdateOverrideCustomizationContext,
  DeleteOverrideCustomizationContext,
} from './decorators/override/override-definition';
export type {
  CreateOverrideHandler,
  UpdateOverrideHandler,
  DeleteOverrideHandler,
} from './decorators/override/override-definition';

// Typings of customizations (generated `Schema` types)
export { generateTypings } from './typings/generate-typings';
export { writeTypings } from './typings/write-typings';
export type {
  TSchema,
  TCollectionName,
  TColumnName,
  TFieldName,
  TRelationName,
  TSimpleRow,
  TPartialSimpleRow,
  TRow,
  TPartialRow,
  TUntypedSchema,
} from './types/schema-typing';
export type {
  TConditionTree,
  TConditionTreeLeaf,
  TConditionTreeBranch,
} from './typings/condition-tree-typing';
