import { DELEGATION_AUDIENCE, signDelegationToken, signSessionToken } from '@grove/platform-client';
import { createHmac } from 'node:crypto';
import { authSecret, envSecret } from '../../helpers/fake-platform';
import { bookstoreFactory } from '../../helpers/bookstore';
import { startTestAgent } from '../../helpers/test-agent';
import type { TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=UTC';
const user = {
  id: 1,
  email: 'user1@example.com',
  firstName: 'First1',
  lastName: 'Last1',
  team: 'Operations',
  role: 'Admin',
  permissionLevel: 'admin',
  renderingId: 1,
  tags: {},
};

/** A token signed by hand with any claims, to send what a forger would. */
function handMade(payload: object, key: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;

  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

describe('delegated tokens (the platform acting for a user)', () => {
  let agent: TestAgent;
  const seen: unknown[] = [];

  beforeAll(async () => {
    agent = await startTestAgent(agent => {
      agent.addDataSource(bookstoreFactory()).customizeCollection('books', books =>
        books.addAction('Record caller', {
          scope: 'Single',
          execute: context => {
            // Caller spreads the AgentUser: the delegation reaches the customizations at run time.
            const caller = context.caller as typeof context.caller & { delegation?: unknown };
            seen.push({ id: caller.id, delegation: caller.delegation });
          },
        }),
      );
    });
  });
  afterAll(() => agent.stop());
  beforeEach(() => {
    seen.length = 0;
  });

  const count = (token: string) =>
    agent.http().get(`/forest/books/count?${tz}`).set('Authorization', `Bearer ${token}`);
  const runAction = (token: string) =>
    agent
      .http()
      .post(`/forest/_actions/books/0/record-caller?${tz}`)
      .set('Authorization', `Bearer ${token}`)
      .send({
        data: {
          type: 'custom-action-requests',
          attributes: { collection_name: 'books', ids: ['1'], values: {} },
        },
      });

  it('accepts a delegation signed with the env secret and hands its origin to the caller', async () => {
    const token = await signDelegationToken(
      user,
      {
        source: 'webhook',
        apiTokenId: 4,
        workflowRunId: 'run-1',
        workflowName: 'Ship',
        workflowStepName: 'Record caller',
      },
      { secret: envSecret },
    );

    const response = await runAction(token);

    expect(response.status).toBe(200);
    expect(seen).toEqual([
      {
        id: 1,
        delegation: {
          source: 'webhook',
          apiTokenId: 4,
          workflowRunId: 'run-1',
          workflowName: 'Ship',
          workflowStepName: 'Record caller',
        },
      },
    ]);
  });

  it('gives no delegation to the user of a session token', async () => {
    const response = await runAction(await agent.token());

    expect(response.status).toBe(200);
    expect(seen).toEqual([{ id: 1, delegation: undefined }]);
  });

  it('refuses a delegation signed with the auth secret, even though the auth secret verifies it', async () => {
    const token = await signDelegationToken(user, { source: 'api' }, { secret: authSecret });

    expect((await count(token)).status).toBe(401);
    expect((await runAction(token)).status).toBe(401);
    expect(seen).toEqual([]);
  });

  it('refuses a session token signed with the env secret (no delegation audience)', async () => {
    const token = await signSessionToken(user, { secret: envSecret, expiresInSeconds: 600 });

    expect((await count(token)).status).toBe(401);
  });

  it('refuses delegations with another audience, an unknown source, no expiry or an old expiry', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600;
    const tokens = [
      handMade({ ...user, aud: 'other', grove_delegation: { source: 'api' }, exp }, envSecret),
      handMade(
        { ...user, aud: DELEGATION_AUDIENCE, grove_delegation: { source: 'root' }, exp },
        envSecret,
      ),
      handMade(
        { ...user, aud: DELEGATION_AUDIENCE, grove_delegation: { source: 'api' } },
        envSecret,
      ),
      handMade(
        { ...user, aud: DELEGATION_AUDIENCE, grove_delegation: { source: 'api' }, exp: 1000 },
        envSecret,
      ),
      handMade({ ...user, aud: DELEGATION_AUDIENCE, exp }, envSecret),
    ];

    const statuses = await Promise.all(tokens.map(async token => (await count(token)).status));

    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it('answers with the session token as before', async () => {
    const response = await count(await agent.token());

    expect(response.body).toEqual({ count: 5 });
  });
});
