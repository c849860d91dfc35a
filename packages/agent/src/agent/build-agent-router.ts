import type { DataSource } from '@grove/datasource-toolkit';
import type { PlatformClient } from '@grove/platform-client';
import type { Router } from 'express';
import type { AgentServices } from '../http/agent-services';
import { buildForestRouter } from '../http/build-forest-router';
import type { ActivityLogRecorder } from '../activity/activity-log-recorder';
import type { ResolvedAgentOptions } from '../options/agent-options';
import { Authorization } from '../permissions/authorization';
import { prepareSchema, publishSchema } from './publish-schema';

/**
 * One (re)start of the agent, from a built data source to a router: the schema is prepared
 * (written or read) and sent when the platform does not know it, the environment's permissions
 * and IP whitelist are fetched (so a first request is served from cache), then the routes are
 * mounted against these services.
 *
 * @example
 * ```ts
 * const router = await buildAgentRouter(dataSource, platform, options, activityLogs);
 * ```
 */
export async function buildAgentRouter(
  dataSource: DataSource,
  platform: PlatformClient,
  options: ResolvedAgentOptions,
  activityLogs: ActivityLogRecorder,
): Promise<Router> {
  const schema = await prepareSchema(dataSource, options);
  await publishSchema(platform, schema, options);
  const [whitelist] = await Promise.all([
    platform.getIpWhitelist(),
    platform.permissions.getEnvironmentPermissions(),
  ]);

  const services: AgentServices = {
    dataSource,
    options,
    logger: options.logger,
    platform,
    authorization: new Authorization(platform.permissions),
    activityLogs,
  };

  return buildForestRouter(services, whitelist);
}
