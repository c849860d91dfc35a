// The rows of hosted agents (migration 0006): data sources, bundles, logs, personal
// development environments.

import type { RowBase } from './platform-model';

/** A data source of a hosted environment; its connection URI is stored encrypted only. */
export interface HostedDatasourceRow extends RowBase {
  environmentId: number;
  name: string;
  /** Appended to the name of each of its collections, or null. */
  datasourceSuffix: string | null;
  /** `postgres`, `mysql`, `mariadb` or `sqlite`. */
  dialect: string;
  /** The connection URI, AES-256-GCM (see `EnvSecretBox.sealValue`). */
  connectionCiphertext: string;
  /** The `@grove/datasource-sql` `introspect()` JSON. */
  introspection: unknown;
}

/** Status of an uploaded bundle. */
export type HostedBundleStatus = 'uploaded' | 'deployed' | 'failed';

/** A zip of built customizations uploaded for a hosted environment. */
export interface HostedBundleRow extends RowBase {
  environmentId: number;
  userId: number | null;
  sha256: string;
  size: number;
  bytes: Buffer;
  status: HostedBundleStatus;
  error: string | null;
  publishedAt: Date | null;
}

/** The agent log levels. */
export type HostedAgentLogLevel = 'Debug' | 'Info' | 'Warn' | 'Error';

/** One line a hosted agent (or its supervisor) logged. */
export interface HostedAgentLogRow {
  id: number;
  environmentId: number;
  level: HostedAgentLogLevel;
  message: string;
  createdAt: Date;
}

/** A user's personal development environment of a hosted environment. */
export interface DevelopmentEnvironmentRow extends RowBase {
  environmentId: number;
  userId: number;
  hostedEnvironmentId: number;
}
