import type { DataSource, Logger } from '@grove/datasource-toolkit';
import type { PlatformClient } from '@grove/platform-client';
import type { ActivityLogRecorder } from '../activity/activity-log-recorder';
import type { ResolvedAgentOptions } from '../options/agent-options';
import type { Authorization } from '../permissions/authorization';

/**
 * Everything a route needs, built once per (re)start: the customized data source, the resolved
 * options, the logger, the platform client, the authorization service (permissions + scopes) and
 * the activity-log recorder (built once per agent: its queue outlives restarts).
 * Routes never reach the agent itself, so a restart swaps one `AgentServices` for another.
 */
export interface AgentServices {
  /** The customized data source (the top of the decorator stack). */
  readonly dataSource: DataSource;
  readonly options: ResolvedAgentOptions;
  readonly logger: Logger;
  readonly platform: PlatformClient;
  readonly authorization: Authorization;
  readonly activityLogs: ActivityLogRecorder;
}
