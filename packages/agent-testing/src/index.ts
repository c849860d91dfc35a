// The public API of @grove/agent-testing, written out by hand.

// Sandbox of the platform server
export { createForestServerSandbox } from './sandbox/create-forest-server-sandbox';
export type {
  ForestServerSandbox,
  ForestServerSandboxOptions,
} from './sandbox/create-forest-server-sandbox';
export type {
  EventStreamStats,
  SandboxActivityLog,
  SandboxSchema,
  SandboxSchemaCollection,
} from '@grove/platform';
export type { SandboxLogger, SandboxLogLevel } from './sandbox/sandbox-context';
export { sandboxUser } from './sandbox/sandbox-user';

// Permission overrides
export { mergePermissionOverride } from './sandbox/permission-override';
export type {
  PermissionOverride,
  CollectionPermissionOverride,
  ActionPermissionOverride,
  PermissionConditionTree,
} from './sandbox/permission-override';

// Test client
export { createAgentTestClient, createForestAgentClient } from './client/create-agent-test-client';
export type {
  AgentTestClient,
  AgentTestClientOptions,
  ForestAgentClient,
  PermissionOverrideHelpers,
  TestClientHelpers,
} from './client/create-agent-test-client';
export { Benchmark } from './client/benchmark';
export type { BenchmarkResult } from './client/benchmark';
export { readAgentSchemaFile } from './client/read-agent-schema-file';
export type { AgentSchemaFile } from './client/read-agent-schema-file';
