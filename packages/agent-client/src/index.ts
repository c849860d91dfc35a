// The public API of @grove/agent-client, written out by hand.

// Client
export { createAgentClient } from './create-agent-client';
export type { AgentClientOptions } from './create-agent-client';
export { AgentClient } from './agent-client';
export type { CollectionCapabilities } from './agent-client';
export { CollectionClient } from './collection/collection-client';
export type { ActionOptions, CreateOptions } from './collection/collection-client';
export { RelationClient } from './collection/relation-client';
export { SegmentClient } from './collection/segment-client';
export type { SegmentSelection, SegmentTarget } from './collection/segment-client';
export { collectStream } from './collection/collection-context';
export type { CsvExportOptions, CsvWritable } from './collection/collection-context';

// Queries and records
export type { ListOptions, SelectionOptions, SortOption } from './query/list-options';
export { toWireConditionTree } from './query/to-wire-condition-tree';
export type { FilterInput } from './query/to-wire-condition-tree';
export { packRecordId } from './query/record-id';
export type { RecordId } from './query/record-id';
export { deserializeRecords, deserializeRecord } from './jsonapi/deserialize-records';
export type { AgentRecord, DeserializeOptions } from './jsonapi/deserialize-records';

// Actions
export { Action } from './action/action';
export { ActionFieldHandle } from './action/action-field-handle';
export type { ActionFieldKind } from './action/action-field-handle';
export { ActionLayoutElement, ActionLayoutPage } from './action/action-layout';
export type { ActionLayout, ActionLayoutNavigation } from './action/action-layout';
export type {
  ActionForm,
  ActionFormField,
  ActionFormLayoutElement,
  ActionWidgetEdit,
  ActionFieldChoice,
} from './action/action-form-field';
export type {
  ActionExecuteResult,
  ActionSuccessResult,
  ActionErrorResult,
  ActionWebhookResult,
  ActionFileResult,
  ActionRedirectResult,
  ActionResponseHeaders,
} from './action/action-result';
export type { ActionFileValue } from './action/to-wire-value';

// Charts
export { DataSourceCharts } from './chart/data-source-charts';
export { CollectionCharts } from './chart/collection-charts';
export type { CollectionChartOptions } from './chart/collection-charts';
export type { ApiChartOptions } from './chart/request-api-chart';
export type {
  StatsRequest,
  StatsAggregator,
  StatsBase,
  ValueStatsRequest,
  ObjectiveStatsRequest,
  DistributionStatsRequest,
  TimeBasedStatsRequest,
  LeaderboardStatsRequest,
} from './chart/stats-request';
export type {
  ChartValueByKind,
  ValueChartValue,
  DistributionChartValue,
  TimeBasedChartValue,
  MultipleTimeBasedChartValue,
  ObjectiveChartValue,
  PercentageChartValue,
} from './chart/chart-values';

// Authentication
export { signUserToken } from './auth/sign-user-token';
export type { SignUserTokenOptions } from './auth/sign-user-token';
export { defaultAgentUser, withClaimTwins } from './auth/agent-user';
export type { AgentUserClaims } from './auth/agent-user';

// Schema
export { readAgentSchema } from './schema/agent-schema';
export type {
  AgentSchema,
  AgentSchemaCollection,
  AgentSchemaField,
  AgentSchemaAction,
} from './schema/agent-schema';

// Errors and transport
export { AgentClientError, isAgentClientError } from './errors/agent-client-error';
export type { AgentErrorDetail, AgentClientErrorOptions } from './errors/agent-client-error';
export { AgentHttp } from './http/agent-http';
export type { AgentRequest, AgentHttpOptions, QueryParams } from './http/agent-http';
