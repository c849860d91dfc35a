import { createAgentClient, isAgentClientError } from '../../src';
import type { AgentClientError } from '../../src';
import { useFakeAgent } from '../helpers/setup';

async function failure(promise: Promise<unknown>): Promise<AgentClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAgentClientError(error))
    throw new Error(`Expected an AgentClientError, got ${String(error)}`);

  return error;
}

describe('AgentClientError', () => {
  const { agent, client } = useFakeAgent();

  it.each([
    [400, 'ValidationError', 'ValidationError', 'Invalid sort: -foo'],
    [401, 'UnauthorizedError', 'UnauthorizedError', 'Authentication Error'],
    [403, 'ForbiddenError', 'CustomActionTriggerForbiddenError', 'You cannot'],
    [404, 'NotFoundError', 'NotFoundError', 'Record does not exists'],
    [422, 'UnprocessableError', 'NoPrimaryKeyError', 'This collection has no primary key'],
    [500, 'InternalServerError', 'Error', 'Unexpected error'],
    [502, 'ServiceUnavailableError', 'Error', 'Bad gateway'],
    [504, 'ServiceUnavailableError', 'Error', 'Gateway timeout'],
  ])(
    'maps a %i body to code %s with the agent name and detail',
    async (status, code, name, detail) => {
      const body = { errors: [{ name, detail, status, data: { roleIdsAllowedToApprove: [3] } }] };
      agent().reply('GET', '/forest/books', { status, json: body });

      const error = await failure(client().collection('books').list());

      expect(error).toMatchObject({ status, code, name, message: detail, body, method: 'GET' });
      expect(error.url).toBe(`${agent().url}/forest/books?timezone=UTC`);
      expect(error.errors).toEqual(body.errors);
      expect(error.data).toEqual({ roleIdsAllowedToApprove: [3] });
      expect(error.isGroveError).toBe(true);
    },
  );

  it('keeps a plain-text body (unknown routes)', async () => {
    const error = await failure(client().collection('nope').count());

    expect(error).toMatchObject({
      status: 404,
      code: 'NotFoundError',
      body: 'Not Found',
      message: 'Not Found',
    });
  });

  it('reads non-standard bodies ({ error })', async () => {
    agent().reply('GET', '/forest/books', { status: 409, json: { error: 'Conflict here' } });

    const error = await failure(client().collection('books').list());

    expect(error).toMatchObject({
      status: 409,
      code: 'ConflictError',
      message: 'Conflict here',
      errors: [],
    });
  });

  it('reports an empty error answer by its status', async () => {
    agent().reply('GET', '/forest/books', { status: 418 });

    const error = await failure(client().collection('books').list());

    expect(error).toMatchObject({
      code: 'BadRequestError',
      message: 'The agent answered HTTP 418',
    });
  });

  it('turns a network failure into status 0', async () => {
    const dead = createAgentClient({ url: 'http://127.0.0.1:1', authSecret: 's' });

    const error = await failure(dead.collection('books').list());

    expect(error).toMatchObject({ status: 0, code: 'ServiceUnavailableError' });
    expect((error.cause as Error).message).toBe('fetch failed');
  });
});
