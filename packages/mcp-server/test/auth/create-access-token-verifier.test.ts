import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { SignJWT, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { JWTPayload, KeyLike } from 'jose';
import type * as Jose from 'jose';

import { createAccessTokenVerifier } from '../../src/auth/create-access-token-verifier';
import type { McpPlatform, McpUserClaims } from '../../src/platform/mcp-platform';

// jose itself, with its `jwtVerify` counted: a token answered from the cache is not verified.
jest.mock('jose', () => {
  const actual = jest.requireActual<typeof Jose>('jose');

  return { ...actual, jwtVerify: jest.fn(actual.jwtVerify) };
});
const verifications = jwtVerify as jest.MockedFunction<typeof jwtVerify>;

const ENVIRONMENT_ID = 3;

describe('createAccessTokenVerifier', () => {
  let privateKey: KeyLike;
  let jwksServer: Server;
  let serverUrl: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/oidc/jwks' ? JSON.stringify({ keys: [jwk] }) : '{}');
    });
    await new Promise<void>(resolve => jwksServer.listen(0, '127.0.0.1', resolve));
    serverUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>(resolve => jwksServer.close(() => resolve()));
  });

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** An access token as the platform signs it; `claims` override the defaults. */
  function accessToken(claims: JWTPayload = {}, lifetime = 3600): Promise<string> {
    const iat = nowSeconds();

    return new SignJWT({ scope: 'mcp:read mcp:write', meta: { renderingId: 5 }, ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' })
      .setIssuer(`${serverUrl}/oidc`)
      .setAudience(`urn:grove:environment:${ENVIRONMENT_ID}`)
      .setSubject('7')
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetime)
      .sign(privateKey);
  }

  /** The platform's calls the verifier makes: URLs, and the user info (counted). */
  function platformAnswering(user: () => Promise<McpUserClaims>) {
    const userInfo = jest.fn((_renderingId: number, _token: string) => user());
    const platform = {
      url: (path: string) => new URL(path, serverUrl).href,
      userInfo,
    } as unknown as McpPlatform;

    return { platform, userInfo };
  }

  const ada = async (): Promise<McpUserClaims> => ({ id: 7, email: 'ada@example.com' });

  it('verifies the signature of a token once, then answers it from the cache', async () => {
    const { platform } = platformAnswering(ada);
    const verify = createAccessTokenVerifier({ platform, environmentId: ENVIRONMENT_ID });
    const token = await accessToken();

    const first = await verify(token);
    const second = await verify(token);

    expect(second).toEqual(first);
    expect(first).toMatchObject({
      userId: 7,
      email: 'ada@example.com',
      renderingId: 5,
      environmentId: ENVIRONMENT_ID,
      scopes: ['mcp:read', 'mcp:write'],
      accessToken: token,
    });
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('asks the platform for the user on every call, cached token or not', async () => {
    let calls = 0;
    const { platform, userInfo } = platformAnswering(async () => {
      calls += 1;
      if (calls > 1) throw new Error('The platform refused the user (401)');

      return ada();
    });
    const verify = createAccessTokenVerifier({ platform, environmentId: ENVIRONMENT_ID });
    const token = await accessToken();

    await verify(token);
    await expect(verify(token)).rejects.toThrow('The platform refused the user (401)');
    expect(userInfo).toHaveBeenCalledTimes(2);
    expect(verifications).toHaveBeenCalledTimes(1);
  });

  it('refuses a token without mcp:read (ForbiddenError) before asking the platform', async () => {
    const { platform, userInfo } = platformAnswering(ada);
    const verify = createAccessTokenVerifier({ platform, environmentId: ENVIRONMENT_ID });

    await expect(verify(await accessToken({ scope: 'mcp:action' }))).rejects.toMatchObject({
      code: 'ForbiddenError',
      message: 'The access token lacks the mcp:read scope',
    });
    expect(userInfo).not.toHaveBeenCalled();
  });

  it('refuses a cached token whose user info names another user', async () => {
    let id = 7;
    const { platform } = platformAnswering(async () => ({ id, email: 'ada@example.com' }));
    const verify = createAccessTokenVerifier({ platform, environmentId: ENVIRONMENT_ID });
    const token = await accessToken();
    await verify(token);

    id = 8;
    await expect(verify(token)).rejects.toThrow('The access token does not match its user');
  });

  it('keys the cache by the whole token: a tampered copy of a cached token is refused', async () => {
    const { platform } = platformAnswering(ada);
    const verify = createAccessTokenVerifier({ platform, environmentId: ENVIRONMENT_ID });
    const token = await accessToken();
    await verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const elevated = Buffer.from(
      JSON.stringify({
        ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload),
        scope: 'mcp:read mcp:write mcp:action',
      }),
    ).toString('base64url');
    // A character in the middle of the signature (the last one also carries padding bits).
    const middle = signature.length >> 1;
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;

    await expect(verify(`${header}.${elevated}.${signature}`)).rejects.toThrow(
      'The access token is invalid or expired',
    );
    await expect(verify(`${header}.${payload}.${flipped}`)).rejects.toThrow(
      'The access token is invalid or expired',
    );
    await expect(verify(`${header}.${payload}`)).rejects.toThrow(
      'The access token is invalid or expired',
    );
    expect(verifications).toHaveBeenCalledTimes(4);
  });

  it('does not remember a token that failed verification', async () => {
    const { platform } = platformAnswering(ada);
    const verify = createAccessTokenVerifier({ platform, environmentId: 4 });
    const token = await accessToken();

    await expect(verify(token)).rejects.toThrow('The access token is invalid or expired');
    await expect(verify(token)).rejects.toThrow('The access token is invalid or expired');
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('verifies a token again once the cache reaches its exp', async () => {
    const { platform } = platformAnswering(ada);
    let now = nowSeconds();
    const verify = createAccessTokenVerifier({
      platform,
      environmentId: ENVIRONMENT_ID,
      now: () => now,
    });
    const token = await accessToken({}, 600);
    await verify(token);

    now += 599;
    await verify(token);
    expect(verifications).toHaveBeenCalledTimes(1);
    now += 1;
    await verify(token);
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('with a maximum age, verifies a token again once it is that old, before its exp', async () => {
    const { platform } = platformAnswering(ada);
    let now = nowSeconds();
    const verify = createAccessTokenVerifier({
      platform,
      environmentId: ENVIRONMENT_ID,
      maxAgeSeconds: 120,
      now: () => now,
    });
    const token = await accessToken({}, 3600);
    await verify(token);

    now += 119;
    await verify(token);
    expect(verifications).toHaveBeenCalledTimes(1);
    now += 1;
    await verify(token);
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('remembers a bounded number of tokens, dropping the oldest', async () => {
    const { platform } = platformAnswering(ada);
    const verify = createAccessTokenVerifier({
      platform,
      environmentId: ENVIRONMENT_ID,
      verifiedTokensCapacity: 2,
    });
    const [a, b, c] = await Promise.all([
      accessToken({ jti: 'a' }),
      accessToken({ jti: 'b' }),
      accessToken({ jti: 'c' }),
    ]);
    for (const token of [a, b, c]) await verify(token);
    expect(verifications).toHaveBeenCalledTimes(3);

    await verify(c);
    await verify(b);
    expect(verifications).toHaveBeenCalledTimes(3);
    await verify(a);
    expect(verifications).toHaveBeenCalledTimes(4);
  });
});
