import * as api from '../src';

describe('public API', () => {
  it('exports exactly these values', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
     [
       "Agent",
       "actionSlug",
       "agentVersion",
       "buildSchemaMeta",
       "createAgent",
       "createExpressServer",
       "generateSchema",
       "listActionEndpoints",
       "loadSchemaFile",
       "readSchemaFile",
       "serializeForm",
       "toErrorBody",
       "writeSchemaFile",
     ]
    `);
  });
});
