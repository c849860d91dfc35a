import { GroveError } from '@grove/datasource-toolkit';
import type { GroveErrorCode } from '@grove/datasource-toolkit';
import { ExpiringCache, PlatformHttp } from '@grove/platform-client';
import type { AuthenticatedUser } from '@grove/platform-client';
import {
  answeredStatus,
  getEnvironment,
  getOAuthClient,
  getStoredSchema,
  getUserInfo,
  relayToken,
} from '@grove/platform-client/hosting';
import type { PlatformEnvironment, RelayedToken } from '@grove/platform-client/hosting';

/** The environment the env secret belongs to (`GET /liana/environment`). */
export type McpEnvironment = PlatformEnvironment;

/**
 * The user of an access token: the platform client's {@link AuthenticatedUser} (the platform's
 * user info), of which the MCP server relies on `id` and `email`.
 */
export type McpUserClaims = Readonly<Record<string, unknown>> &
  Partial<AuthenticatedUser> &
  Pick<AuthenticatedUser, 'id' | 'email'>;

/** A JSON answer of the platform: status and body. */
export type PlatformAnswer = RelayedToken;

const USER_INFO_CACHE_SECONDS = 60;
const USER_INFO_CACHE_SIZE = 1_000;

/**
 * The platform calls of the MCP server (docs/mcp.md#platform-calls): environment, stored schema,
 * client lookup, token relay (env secret) and user info (cached a minute per access token), each
 * a call of `@grove/platform-client/hosting` on one `PlatformHttp` (10 s timeout per call).
 *
 * @example
 * ```ts
 * const platform = new McpPlatform('https://platform.example.com', envSecret);
 * const { id } = await platform.environment();
 * ```
 */
export class McpPlatform {
  private readonly http: PlatformHttp;
  private readonly users = new ExpiringCache<Promise<McpUserClaims>>(USER_INFO_CACHE_SIZE);

  constructor(
    readonly serverUrl: string,
    envSecret: string,
    fetchImpl?: typeof fetch,
  ) {
    this.http = new PlatformHttp({
      serverUrl,
      envSecret,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  }

  /** An absolute URL on the platform. */
  url(path: string): string {
    return this.http.url(path);
  }

  /** `GET /liana/environment` with the env secret; throws when it is not answered. */
  async environment(): Promise<McpEnvironment> {
    try {
      return await getEnvironment(this.http);
    } catch (error) {
      throw refusal(
        error,
        'ValidationError',
        status =>
          `The MCP server could not read its environment from the platform (GET /liana/environment answered ${status}); check the env secret and the platform URL.`,
      );
    }
  }

  /** The environment's agent schema (`GET /liana/forest-schema`), for the tools' enums. */
  async schema(): Promise<unknown> {
    try {
      return await getStoredSchema(this.http);
    } catch (error) {
      throw refusal(error, 'ValidationError', status => `No schema (${status})`);
    }
  }

  /** The RFC 7591 record of an MCP client, or null when the platform does not know it. */
  client(clientId: string): Promise<Record<string, unknown> | null> {
    return getOAuthClient(this.http, clientId);
  }

  /** `POST /oauth/token` with the env secret (JSON body), answered as is. */
  token(body: Record<string, unknown>): Promise<PlatformAnswer> {
    return relayToken(this.http, body);
  }

  /** The user of an access token on a rendering (cached one minute per token). */
  userInfo(renderingId: number, accessToken: string): Promise<McpUserClaims> {
    return this.users.remember(accessToken, USER_INFO_CACHE_SECONDS, () =>
      this.fetchUserInfo(renderingId, accessToken),
    );
  }

  private async fetchUserInfo(renderingId: number, accessToken: string): Promise<McpUserClaims> {
    let user: AuthenticatedUser;
    try {
      user = await getUserInfo(this.http, renderingId, accessToken);
    } catch (error) {
      throw refusal(
        error,
        'UnauthorizedError',
        status => `The platform refused the user (${status})`,
      );
    }
    if (!Number.isSafeInteger(user.id)) {
      throw new GroveError('UnauthorizedError', 'The platform refused the user (200)');
    }

    return user;
  }
}

/** A refusal of the platform (an answer with a status) as `code` with its message; else as is. */
function refusal(
  error: unknown,
  code: GroveErrorCode,
  message: (status: number) => string,
): unknown {
  const status = answeredStatus(error);

  return status === undefined ? error : new GroveError(code, message(status));
}
