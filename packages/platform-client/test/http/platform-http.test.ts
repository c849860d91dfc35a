import type { GroveError } from '@grove/datasource-toolkit';
import { PlatformHttp } from '../../src/http/platform-http';
import { secret, startServer } from '../helpers/test-server';
import type { TestServer } from '../helpers/test-server';

/** The error a promise rejects with (a resolution fails the test). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as GroveError & { cause: Error },
  );

describe('PlatformHttp', () => {
  let server: TestServer;
  let http: PlatformHttp;

  beforeAll(async () => {
    server = await startServer(app => {
      app.get('/ok', (_req, res) => {
        res.json({ hello: 'world' });
      });
      app.post('/echo', (req, res) => {
        res.json(req.body);
      });
      app.get('/forbidden', (_req, res) => {
        res.status(403).json({ errors: [{ detail: 'Not on this project' }] });
      });
      app.get('/boom', (_req, res) => {
        res.status(500).send('');
      });
      app.get('/maintenance', (_req, res) => {
        res.status(503).json({ errors: [{ detail: 'Maintenance' }] });
      });
      app.get('/status/:status', (req, res) => {
        res.status(Number(req.params.status)).json({ errors: [{ detail: 'Refused' }] });
      });
      app.get('/slow', (_req, res) => {
        setTimeout(() => res.json({}), 3000);
      });
      app.post('/created', (_req, res) => {
        res.status(200).json({});
      });
    });
    // Long enough for a loaded machine; /slow answers after 3 s, past it.
    http = new PlatformHttp({ serverUrl: server.url, envSecret: secret, timeoutMs: 1000 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('sends the secret and JSON headers and parses the JSON answer', async () => {
    await expect(http.request({ method: 'GET', path: '/ok' })).resolves.toEqual({ hello: 'world' });
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
    expect(server.requests[0]?.headers.accept).toBe('application/json');
  });

  it('sends JSON bodies with their content type', async () => {
    await expect(http.request({ method: 'POST', path: '/echo', body: { a: 1 } })).resolves.toEqual({
      a: 1,
    });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('leaves the secret out of user-scoped calls', async () => {
    await http.request({ method: 'GET', path: '/ok', withoutSecret: true });
    expect(server.requests[0]?.headers['forest-secret-key']).toBeUndefined();
  });

  it('maps 403 to a ForbiddenError with the server detail, the status and the URL', async () => {
    const error = await failure(http.request({ method: 'GET', path: '/forbidden' }));
    expect(error.code).toBe('ForbiddenError');
    expect(error.message).toBe(
      `the platform at ${server.url}/forbidden answered 403: Not on this project`,
    );
    expect(error.data).toEqual({
      status: 403,
      body: { errors: [{ detail: 'Not on this project' }] },
    });
  });

  it('maps 500 to an InternalServerError and 503 to a ServiceUnavailableError', async () => {
    await expect(http.request({ method: 'GET', path: '/boom' })).rejects.toMatchObject({
      code: 'InternalServerError',
      message: `the platform at ${server.url}/boom answered 500`,
    });
    await expect(http.request({ method: 'GET', path: '/maintenance' })).rejects.toMatchObject({
      code: 'ServiceUnavailableError',
    });
  });

  it.each([
    [400, 'ValidationError'],
    [502, 'ServiceUnavailableError'],
    [504, 'ServiceUnavailableError'],
  ])('maps %i to a %s (the toolkit mapping the agent client uses too)', async (status, code) => {
    await expect(http.request({ method: 'GET', path: `/status/${status}` })).rejects.toMatchObject({
      code,
      data: { status },
    });
  });

  it('rejects a 2xx that is not the expected status', async () => {
    await expect(
      http.request({ method: 'POST', path: '/created', expectStatus: 201 }),
    ).rejects.toMatchObject({ code: 'InternalServerError', data: { status: 200, body: {} } });
  });

  it('turns a timeout into a ServiceUnavailableError naming the URL', async () => {
    const error = await failure(http.request({ method: 'GET', path: '/slow' }));
    expect(error.code).toBe('ServiceUnavailableError');
    expect(error.message).toBe(
      `cannot reach the platform at ${server.url}/slow (no answer within 1000 ms)`,
    );
  });

  it('turns a refused connection into a ServiceUnavailableError without the secret', async () => {
    const closed = new PlatformHttp({ serverUrl: 'http://127.0.0.1:1', envSecret: secret });
    const error = await failure(closed.request({ method: 'GET', path: '/liana/x' }));
    expect(error.code).toBe('ServiceUnavailableError');
    expect(error.message).toBe('cannot reach the platform at http://127.0.0.1:1/liana/x');
    expect(JSON.stringify(error.data)).not.toContain(secret);
    expect((error.cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('sends requests through the fetch it is given', async () => {
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      calls.push(`${init?.method} ${String(input)}`);

      return fetch(input, init);
    };
    const withFetch = new PlatformHttp({
      serverUrl: server.url,
      envSecret: secret,
      fetch: counting,
    });
    await expect(withFetch.request({ method: 'GET', path: '/ok' })).resolves.toEqual({
      hello: 'world',
    });
    expect(calls).toEqual([`GET ${server.url}/ok`]);
    expect(server.requests[0]?.headers['forest-secret-key']).toBe(secret);
  });

  it('drops a path prefix of the server URL for absolute paths, as the protocol does', () => {
    const prefixed = new PlatformHttp({ serverUrl: 'https://p.example/api/', envSecret: secret });
    expect(prefixed.url('/liana/v1/ip-whitelist-rules')).toBe(
      'https://p.example/liana/v1/ip-whitelist-rules',
    );
  });
});
