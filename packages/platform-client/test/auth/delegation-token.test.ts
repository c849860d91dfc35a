import { createHmac } from 'node:crypto';
import {
  DELEGATION_AUDIENCE,
  isDelegationClaims,
  signDelegationToken,
  signSessionToken,
  verifyDelegationToken,
  verifySessionToken,
} from '../../src';

const envSecret = 'an-environment-secret-of-64-characters-0123456789abcdef0123456789';
const authSecret = 'an-agent-auth-secret-of-at-least-32-chars';
const now = 1_767_225_600;
const user = { id: 7, email: 'ada@grove.test', team: 'Ops', role: 'Editor', renderingId: 3 };

function handMade(payload: object, key: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;

  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

describe('delegation tokens', () => {
  it('carry the user, the audience, grove_delegation and a 5-minute lifetime', async () => {
    const token = await signDelegationToken(
      user,
      { source: 'webhook', workflowRunId: 'run-1' },
      { secret: envSecret, now },
    );

    await expect(
      verifyDelegationToken(token, { secret: envSecret, now: now + 60 }),
    ).resolves.toEqual({
      ...user,
      aud: DELEGATION_AUDIENCE,
      grove_delegation: { source: 'webhook', workflowRunId: 'run-1' },
      iat: now,
      exp: now + 300,
    });
    await expect(
      verifyDelegationToken(token, { secret: envSecret, now: now + 301 }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
  });

  it('are refused with another secret, another audience or without grove_delegation', async () => {
    const token = await signDelegationToken(user, { source: 'api' }, { secret: authSecret, now });
    await expect(verifyDelegationToken(token, { secret: envSecret, now })).rejects.toMatchObject({
      code: 'UnauthorizedError',
    });
    const session = await signSessionToken(user, {
      secret: envSecret,
      expiresInSeconds: 60,
      now,
    });
    await expect(verifyDelegationToken(session, { secret: envSecret, now })).rejects.toMatchObject({
      code: 'UnauthorizedError',
    });
    const otherAudience = handMade(
      { ...user, aud: 'someone-else', grove_delegation: { source: 'api' }, exp: now + 60 },
      envSecret,
    );
    await expect(
      verifyDelegationToken(otherAudience, { secret: envSecret, now }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
    const noClaim = handMade({ ...user, aud: DELEGATION_AUDIENCE, exp: now + 60 }, envSecret);
    await expect(verifyDelegationToken(noClaim, { secret: envSecret, now })).rejects.toMatchObject({
      code: 'UnauthorizedError',
    });
    const notAnObject = handMade(
      { ...user, aud: DELEGATION_AUDIENCE, grove_delegation: 'webhook', exp: now + 60 },
      envSecret,
    );
    await expect(
      verifyDelegationToken(notAnObject, { secret: envSecret, now }),
    ).rejects.toMatchObject({ code: 'UnauthorizedError' });
  });

  it('are recognised as delegations even when they verify as session tokens', async () => {
    const token = await signDelegationToken(user, { source: 'mcp' }, { secret: authSecret, now });
    const claims = await verifySessionToken(token, { secret: authSecret, now });
    expect(isDelegationClaims(claims)).toBe(true);
    const session = await signSessionToken(user, {
      secret: authSecret,
      expiresInSeconds: 60,
      now,
    });
    expect(isDelegationClaims(await verifySessionToken(session, { secret: authSecret, now }))).toBe(
      false,
    );
  });
});
