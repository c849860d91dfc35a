import { GroveError } from '@grove/datasource-toolkit';
import {
  ExpiringCache,
  isDelegationClaims,
  verifyDelegationToken,
  verifySessionToken,
} from '@grove/platform-client';
import type { AgentUser, DelegationClaim } from '@grove/platform-client';
import type { RequestHandler, Response } from 'express';

/** A delegation as it is built from its claim (the user's is read-only). */
type Delegation = { -readonly [K in keyof DelegationClaim]: DelegationClaim[K] };

const delegationSources: readonly Delegation['source'][] = ['ui', 'api', 'webhook', 'mcp'];

const cookieName = 'forest_session_token';

/** How many verified tokens one agent remembers (see platform-client's `ExpiringCache`). */
const verifiedTokensCapacity = 1000;

function unauthorized(detail: string): GroveError {
  return new GroveError('UnauthorizedError', detail);
}

/**
 * The session cookie's value, percent-decoded; a value that does not decode (`%E0%A4%A`) is kept
 * as sent, so that it fails verification (401) instead of throwing (500).
 */
function readCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === cookieName) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }

  return undefined;
}

/**
 * Checks the session token on private routes (docs/agent-protocol.md#token-checks): the
 * `forest_session_token` cookie first, then `Authorization: Bearer <token>`; the verified user
 * lands in `response.locals.user`. A session token must be HS256 with the auth secret and carry a
 * numeric `exp` in the future. With `envSecret`, a delegated token is accepted too: HS256 with the
 * env secret, `aud` `grove-agent-delegation` and a `grove_delegation` claim (the platform acting
 * for a user, e.g. a workflow run); its user gets `delegation`. A token is one or the other, never
 * both: claims of a delegation are refused as a session even if the auth secret verifies them, and
 * a token signed with the auth secret never verifies as a delegation. Anything else, malformed
 * cookies included, is a 401 `Authentication Error`. A verified token is remembered (by its text,
 * until its `exp`, a thousand at most), so that the requests of a session verify it once.
 *
 * @example
 * ```ts
 * router.use(authenticate(options.authSecret, options.envSecret));
 * ```
 */
export function authenticate(authSecret: string, envSecret?: string): RequestHandler {
  const verified = new ExpiringCache<AgentUser>(verifiedTokensCapacity);

  return (request, response, next) => {
    let token = readCookie(request.headers.cookie);
    if (token === undefined) {
      const authorization = request.headers.authorization;
      if (authorization === undefined) return next(unauthorized('Authentication Error'));
      const parts = authorization.split(' ');
      if (parts.length !== 2 || parts[0]?.toLowerCase() !== 'bearer') {
        return next(
          unauthorized(
            'Bad Authorization header format. Format is "Authorization: Bearer <token>"',
          ),
        );
      }
      token = parts[1];
    }

    if (!token) return next(unauthorized('Authentication Error'));
    const known = verified.get(token);
    if (known) {
      (response.locals as { user?: AgentUser }).user = known;

      return next();
    }
    const text = token;
    verifyUser(text, authSecret, envSecret).then(
      ({ user, exp }) => {
        verified.set(text, user, exp);
        (response.locals as { user?: AgentUser }).user = user;
        next();
      },
      () => next(unauthorized('Authentication Error')),
    );
  };
}

/** The user of a token and the token's `exp` (seconds since the epoch). */
async function verifyUser(
  token: string,
  authSecret: string,
  envSecret?: string,
): Promise<{ user: AgentUser; exp: unknown }> {
  const session = await verifySessionToken(token, { secret: authSecret }).catch(() => undefined);
  if (session && !isDelegationClaims(session)) return { user: toUser(session), exp: session.exp };
  if (envSecret === undefined || envSecret === '') throw unauthorized('Authentication Error');
  const claims = await verifyDelegationToken(token, { secret: envSecret });
  const delegation = toDelegation(claims.grove_delegation);
  if (!delegation) throw unauthorized('Authentication Error');

  return { user: { ...toUser(claims), delegation }, exp: claims.exp };
}

/** The `grove_delegation` claim, or undefined when it is not one (the token is then refused). */
function toDelegation(value: unknown): Delegation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const claim = value as Record<string, unknown>;
  const source = delegationSources.find(candidate => candidate === claim.source);
  if (!source) return undefined;
  const text = (key: string) =>
    typeof claim[key] === 'string' && claim[key].length <= 255 ? claim[key] : undefined;
  const apiTokenId = Number.isSafeInteger(claim.apiTokenId)
    ? (claim.apiTokenId as number)
    : undefined;
  const delegation: Delegation = { source };
  if (apiTokenId !== undefined) delegation.apiTokenId = apiTokenId;
  for (const key of ['workflowRunId', 'workflowName', 'workflowStepName'] as const) {
    const field = text(key);
    if (field !== undefined) delegation[key] = field;
  }

  return delegation;
}

function toUser(payload: Readonly<Record<string, unknown>>): AgentUser {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const renderingId = Number(payload.renderingId);
  const tags =
    typeof payload.tags === 'object' && payload.tags !== null
      ? (payload.tags as Record<string, string>)
      : {};

  return {
    id: Number(payload.id),
    email: text(payload.email),
    firstName: text(payload.firstName),
    lastName: text(payload.lastName),
    team: text(payload.team),
    role: text(payload.role),
    permissionLevel: payload.permissionLevel as AgentUser['permissionLevel'],
    renderingId: Number.isFinite(renderingId) ? renderingId : undefined,
    tags,
  };
}

/**
 * The user the authentication middleware verified.
 *
 * @example
 * ```ts
 * const user = userOf(response);
 * ```
 */
export function userOf(response: Response): AgentUser {
  const user = (response.locals as { user?: AgentUser }).user;
  if (!user) throw unauthorized('Authentication Error');

  return user;
}
