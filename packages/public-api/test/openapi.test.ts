import Ajv2020 from 'ajv/dist/2020.js';

import { createOpenApiResponseValidator, publicApiOpenApiDocument } from '../src';
import type { OpenApiDocument } from '../src';
import type { TestApi } from './support/public-api-test-server';
import { startTestApi } from './support/public-api-test-server';

describe('OpenAPI document', () => {
  let api: TestApi;

  beforeEach(async () => {
    api = await startTestApi({ rateLimits: { perIpPerMinute: 2 } });
  });
  afterEach(() => api.close());

  it('is served without a token, with the public URL as server, limited per IP', async () => {
    const first = await api.call('GET', '/v1/openapi.json');
    await api.call('GET', '/v1/openapi.json');
    const third = await api.call('GET', '/v1/openapi.json');
    const document = first.json as unknown as OpenApiDocument;

    expect(first.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: api.url }]);
    expect(third.status).toBe(429);
    expect(api.store.calls).toEqual([]);
  });

  it('describes every route with its errors and the rate-limit headers', () => {
    const document = publicApiOpenApiDocument('https://grove.test/');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

    expect(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /v1/openapi.json',
      'GET /v1/project/{projectName}/admin-logs',
      'GET /v1/project/{projectName}/admin-logs/export',
      'GET /v1/project/{projectName}/environment/{environmentName}/activity-logs',
      'GET /v1/project/{projectName}/environment/{environmentName}/activity-logs/export',
      'GET /v1/project/{projectName}/environment/{environmentName}/notes',
      'GET /v1/project/{projectName}/environment/{environmentName}/notes/{noteId}',
      'GET /v1/project/{projectName}/environment/{environmentName}/workflow-runs/{runId}',
      'PATCH /v1/project/{projectName}/environment/{environmentName}/notes/{noteId}',
      'POST /v1/project/{projectName}/environment/{environmentName}/notes',
      'POST /v1/project/{projectName}/environment/{environmentName}/notes/{noteId}/messages',
      'POST /v1/webhooks/workflows/{signedId}',
    ]);
    for (const { operation, path } of operations) {
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['400', '429', '500']),
      );
      if (path !== '/v1/openapi.json') {
        expect(Object.keys(operation.responses)).toEqual(
          expect.arrayContaining(['401', '403', '404']),
        );
      }
      for (const response of Object.values(operation.responses)) {
        expect(Object.keys(response.headers ?? {})).toEqual(
          expect.arrayContaining([
            'X-Request-Id',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
          ]),
        );
      }
    }
    expect(document.servers).toEqual([{ url: 'https://grove.test' }]);
  });

  it('has component schemas that are valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false });
    const { schemas } = publicApiOpenApiDocument('https://grove.test').components;

    expect(ajv.validateSchema({ $defs: schemas })).toBe(true);
  });
});

describe('createOpenApiResponseValidator', () => {
  const validate = createOpenApiResponseValidator(publicApiOpenApiDocument('https://grove.test'));
  const error = {
    error: 'Not Found',
    message: 'Note not found',
    code: 'not_found',
    request_id: 'r',
  };
  const path = '/v1/project/Acme/environment/production/notes/3';

  it('accepts a conforming response', () => {
    expect(
      validate({
        method: 'GET',
        path,
        status: 404,
        contentType: 'application/json; charset=utf-8',
        body: error,
      }),
    ).toEqual([]);
  });

  it('reports wrong bodies, statuses, content types, paths and headers', () => {
    expect(
      validate({
        method: 'GET',
        path,
        status: 404,
        contentType: 'application/json',
        body: { message: 'x' },
      }),
    ).toEqual([
      "getNote 404: / must have required property 'error'",
      "getNote 404: / must have required property 'code'",
      "getNote 404: / must have required property 'request_id'",
    ]);
    expect(
      validate({ method: 'GET', path, status: 418, contentType: 'application/json', body: error }),
    ).toEqual(['getNote: status 418 is not documented']);
    expect(
      validate({ method: 'GET', path, status: 404, contentType: 'text/html', body: '' }),
    ).toEqual(['getNote 404: content type "text/html" is not documented']);
    expect(validate({ method: 'DELETE', path, status: 204, contentType: null, body: '' })).toEqual([
      `no operation for DELETE ${path}`,
    ]);
    expect(
      validate({
        method: 'GET',
        path,
        status: 404,
        contentType: 'application/json',
        body: error,
        headers: { 'x-ratelimit-limit': 'many' },
      }),
    ).toEqual([
      'getNote: header X-Request-Id is missing',
      'getNote: header X-RateLimit-Limit "many" does not match ^[0-9]+$',
      'getNote: header X-RateLimit-Remaining is missing',
      'getNote: header X-RateLimit-Reset is missing',
    ]);
  });

  it('checks nested items, formats and every NDJSON line', () => {
    const note = {
      object: 'note',
      id: 3,
      title: 't',
      recordId: '1',
      createdAt: 'yesterday',
      updatedAt: '2025-01-01T00:00:00.000Z',
      user: { object: 'user', id: 1, username: 'a', email: 'a@b.test' },
      environment: { object: 'environment', name: 'production' },
      team: { object: 'team', name: 'Ops' },
      messages: [{ object: 'message' }],
    };
    const problems = validate({
      method: 'GET',
      path,
      status: 200,
      contentType: 'application/json',
      body: note,
    });
    const line = {
      object: 'adminLog',
      id: '1',
      type: 'update',
      resource: 'team',
      initiator: 'administrator',
      createdAt: '2025-01-01T00:00:00Z',
    };
    const lines = validate({
      method: 'GET',
      path: '/v1/project/Acme/admin-logs/export',
      status: 200,
      contentType: 'application/x-ndjson',
      body: [line, { ...line, type: 'explode' }],
    });

    expect(problems).toEqual(
      expect.arrayContaining([
        'getNote 200: /createdAt must match format "date-time"',
        'getNote 200: /messages/0/object must be equal to constant',
      ]),
    );
    expect(lines).toEqual([
      'exportAdminLogs 200 line 2: /type must be equal to one of the allowed values',
    ]);
  });
});
