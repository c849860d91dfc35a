/** A hosted data source as the child process receives it (the URI decrypted). */
export interface HostedDatasourceConfig {
  readonly connectionUri: string;
  readonly introspection: unknown;
  readonly datasourceSuffix: string | null;
}

/**
 * Everything a hosted agent's child process needs. Sent over the IPC channel, never through
 * argv or the environment (both are visible to other users of the machine in `ps`).
 */
export interface HostedAgentConfig {
  readonly serverUrl: string;
  readonly envSecret: string;
  readonly authSecret: string;
  /** The folder the bundle was extracted to (holds `nodejs/customization/index.js`). */
  readonly bundleDir: string;
  readonly datasources: readonly HostedDatasourceConfig[];
}

/** What the supervisor sends to a child. */
export type SupervisorMessage =
  { readonly type: 'start'; readonly config: HostedAgentConfig } | { readonly type: 'stop' };

/** What a child sends to its supervisor. */
export type HostedAgentMessage =
  | {
      readonly type: 'log';
      readonly level: 'Debug' | 'Info' | 'Warn' | 'Error';
      readonly message: string;
    }
  | { readonly type: 'ready'; readonly port: number }
  | { readonly type: 'failed'; readonly error: string };
