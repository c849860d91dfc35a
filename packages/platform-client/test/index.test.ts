import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "EventStream",
       "MAX_AGENT_ACTIVITY_LOGS",
       "OidcLogin",
       "PermissionService",
       "PlatformHttp",
       "SseParser",
       "chartHashKeys",
       "checkSchemaHash",
       "createPlatformClient",
       "findApproverRoleIds",
       "getEnvironmentPermissions",
       "getIpWhitelist",
       "getRenderingPermissions",
       "getUsers",
       "hashChart",
       "injectTemplates",
       "postActivityLog",
       "postAgentActivityLogs",
       "setAgentActivityLogStatus",
       "signIdToken",
       "signSessionToken",
       "updateActivityLogStatus",
       "uploadSchema",
       "verifyIdToken",
       "verifySessionToken",
     ]
    `);
  });
});
