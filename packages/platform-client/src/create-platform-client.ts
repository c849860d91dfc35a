import { ValidationError } from '@grove/datasource-toolkit';
import type { Logger } from '@grove/datasource-toolkit';
import { postActivityLog, updateActivityLogStatus } from './activity/activity-logs';
import { postApprovalRequest } from './approvals/approval-requests';
import {
  postAgentActivityLogs,
  probeAgentActivityLogs,
  setAgentActivityLogStatus,
  setAgentActivityLogStatuses,
} from './activity/agent-activity-logs';
import { OidcLogin } from './auth/oidc-login';
import { EventStream } from './events/event-stream';
import { isHttpUrl } from './http/is-http-url';
import { PlatformHttp } from './http/platform-http';
import { PermissionService } from './permissions/permission-service';
import {
  getEnvironmentPermissions,
  getRenderingPermissions,
  getUsers,
} from './permissions/permission-calls';
import { getIpWhitelist } from './schema/ip-whitelist';
import { checkSchemaHash, uploadSchema } from './schema/schema-calls';
import { refreshHandler } from './events/refresh-handler';
import type { PlatformClient, PlatformClientOptions } from './platform-client';

function validate(options: PlatformClientOptions): void {
  if (!isHttpUrl(options.serverUrl)) {
    throw new ValidationError(`serverUrl must be an http(s) URL, got '${options.serverUrl}'`);
  }
  if (typeof options.envSecret !== 'string' || options.envSecret.length === 0) {
    throw new ValidationError('envSecret is required');
  }
}

/**
 * Creates the agent-side client of the platform: schema, IP rules, permissions (cached, with
 * decisions), the event stream, login and activity logs, all through one HTTP helper with
 * timeouts and errors that name the URL.
 *
 * @example
 * ```ts
 * const platform = createPlatformClient({ serverUrl: 'https://api.grove.dev', envSecret });
 * if (await platform.checkSchemaHash(hash)) await platform.uploadSchema(apimap);
 * platform.subscribeToEvents();
 * const canList = await platform.permissions.canBrowse(user, 'books');
 * await platform.close();
 * ```
 */
export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  validate(options);
  const logger: Logger = options.logger ?? (() => {});
  const http = new PlatformHttp(options);
  const permissions = new PermissionService(http, options.permissionsCacheTtlSeconds ?? 900);
  const login = new OidcLogin(http);
  const streams = new Set<EventStream>();

  return {
    serverUrl: options.serverUrl,
    permissions,
    login,
    checkSchemaHash: hash => checkSchemaHash(http, hash),
    uploadSchema: apimap => uploadSchema(http, apimap),
    getIpWhitelist: () => getIpWhitelist(http),
    getEnvironmentPermissions: () => getEnvironmentPermissions(http),
    getUsers: () => getUsers(http),
    getRenderingPermissions: renderingId => getRenderingPermissions(http, renderingId),
    postActivityLog: (entry, auth) => postActivityLog(http, entry, auth),
    postApprovalRequest: (request, auth) => postApprovalRequest(http, request, auth),
    updateActivityLogStatus: (log, status, auth) =>
      updateActivityLogStatus(http, log, status, {
        ...auth,
        onError: auth.onError ?? (error => logger('Warn', 'activity log status failed', error)),
      }),
    postAgentActivityLogs: entries =>
      postAgentActivityLogs(http, entries, { timeoutMs: options.writeTimeoutMs ?? 2_000 }),
    offersAgentActivityLogs: () => probeAgentActivityLogs(http),
    setAgentActivityLogStatus: (id, status) => setAgentActivityLogStatus(http, id, status),
    setAgentActivityLogStatuses: updates => setAgentActivityLogStatuses(http, updates),
    subscribeToEvents(subscription = {}) {
      const onRefresh = refreshHandler(permissions, logger, subscription.onRefreshCustomizations);
      const stream = new EventStream({
        ...options.eventStream,
        http,
        logger,
        onEvent: onRefresh.onEvent,
        onReopen: onRefresh.onReopen,
      });
      streams.add(stream);
      stream.open();

      return {
        close: async () => {
          streams.delete(stream);
          await stream.close();
        },
      };
    },
    async close() {
      const open = [...streams];
      streams.clear();
      await Promise.all(open.map(stream => stream.close()));
    },
  };
}
