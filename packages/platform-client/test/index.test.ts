import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "DELEGATION_AUDIENCE",
       "DELEGATION_LIFETIME_SECONDS",
       "EventStream",
       "ExpiringCache",
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
       "isDelegationClaims",
       "postActivityLog",
       "postAgentActivityLogs",
       "postApprovalRequest",
       "setAgentActivityLogStatus",
       "setAgentActivityLogStatuses",
       "signDelegationToken",
       "signIdToken",
       "signSessionToken",
       "updateActivityLogStatus",
       "uploadSchema",
       "verifyDelegationToken",
       "verifyIdToken",
       "verifySessionToken",
     ]
    `);
  });
});
