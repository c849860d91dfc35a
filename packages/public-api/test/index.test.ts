import * as publicApi from '../src';

describe('@grove/public-api exports', () => {
  it('exports exactly its public API', () => {
    expect(Object.keys(publicApi).sort()).toMatchInlineSnapshot(`
     [
       "ACTIVITY_LOG_ACTIONS",
       "ACTIVITY_LOG_SOURCES",
       "ADMIN_LOG_INITIATORS",
       "ADMIN_LOG_RESOURCES",
       "ADMIN_LOG_TYPES",
       "API_TOKEN_PREFIX",
       "DEFAULT_MAX_NOTE_LENGTH",
       "DEFAULT_RATE_LIMITS",
       "WORKFLOW_WEBHOOK_PATH",
       "createOpenApiResponseValidator",
       "createPublicApiRouter",
       "decodeCanonicalBase64url",
       "generateApiToken",
       "hashApiToken",
       "isWellFormedApiToken",
       "publicApiOpenApiDocument",
       "readResponseToValidate",
       "sanitizeNoteContent",
       "signWorkflowWebhookId",
       "verifyWorkflowWebhookId",
       "workflowWebhookUrl",
     ]
    `);
  });
});
