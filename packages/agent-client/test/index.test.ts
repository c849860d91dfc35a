import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "Action",
       "ActionFieldHandle",
       "ActionLayoutElement",
       "ActionLayoutPage",
       "AgentClient",
       "AgentClientError",
       "AgentHttp",
       "CollectionCharts",
       "CollectionClient",
       "DataSourceCharts",
       "RelationClient",
       "SegmentClient",
       "collectStream",
       "createAgentClient",
       "defaultAgentUser",
       "deserializeRecord",
       "deserializeRecords",
       "isAgentClientError",
       "packRecordId",
       "readAgentSchema",
       "signUserToken",
       "toWireConditionTree",
       "withClaimTwins",
     ]
    `);
  });
});
