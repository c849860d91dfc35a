import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "EventStream",
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
