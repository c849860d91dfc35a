// The public API of @grove/agent, written out by hand.

// Agent
export { createAgent } from './create-agent';
export { Agent } from './agent/agent';
export type { AgentOptions, ResolvedAgentOptions } from './options/agent-options';
export type { AiMcpServerOptions } from './agent/ai-mcp-server-options';

// HTTP pieces for custom hosting and tests
// The verified user (one type, defined by the platform client).
export type { AgentUser } from '@grove/platform-client';
// The server of the standalone agent, for an Express app of your own (see the README, Serving).
export { createExpressServer } from '@grove/platform-client';
export type { ActivityLogsMode } from './activity/activity-log-recorder';
export { toErrorBody } from './http/middlewares/error-handler';
export type { ErrorBodyItem } from './http/middlewares/error-handler';

// Schema file (`.grove-schema.json`)
export { generateSchema } from './schema/generate-schema';
export type { GenerateSchemaOptions } from './schema/schema-collection';
export { buildSchemaMeta } from './schema/schema-meta';
export { agentVersion } from './schema/agent-version';
export { writeSchemaFile, readSchemaFile, loadSchemaFile } from './schema/schema-file';
export { actionSlug, listActionEndpoints } from './schema/action-endpoints';
export type { ActionEndpoint } from './schema/action-endpoints';
export type {
  AgentSchema,
  SchemaCollection,
  SchemaField,
  SchemaColumnType,
  SchemaValidation,
  SchemaRelationship,
  SchemaAction,
  SchemaSegment,
  SchemaMeta,
} from './schema/agent-schema';

// Action forms on the wire
export { serializeForm } from './forms/serialize-form';
export type {
  SerializedForm,
  SerializedField,
  SerializedFieldType,
  SerializedLayoutElement,
  SerializedInputElement,
  SerializedWidgetEdit,
} from './forms/serialized-form';
