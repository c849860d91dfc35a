import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "DELEGATION_AUDIENCE",
       "DELEGATION_LIFETIME_SECONDS",
       "ExpiringCache",
       "MAX_AGENT_ACTIVITY_LOGS",
       "PlatformHttp",
       "createExpressServer",
       "createPlatformClient",
       "expressServerOptions",
       "injectTemplates",
       "isDelegationClaims",
       "postAgentActivityLogs",
       "setAgentActivityLogStatus",
       "setAgentActivityLogStatuses",
       "signDelegationToken",
       "signSessionToken",
       "verifyDelegationToken",
       "verifySessionToken",
     ]
    `);
  });
});
