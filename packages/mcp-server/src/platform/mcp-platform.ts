import { GroveError } from '@grove/datasource-toolkit';

/** The environment the env secret belongs to (`GET /liana/environment`). */
export interface McpEnvironment {
  readonly id: number;
  /** The agent's public URL registered on the platform. */
  readonly apiEndpoint: string | null;
}

/** The user of an access token, from the platform's user info (session-token claims). */
export type McpUserClaims = Readonly<Record<string, unknown>> & {
  readonly id: number;
  readonly email: string;
};

/** A JSON answer of the platform: status and body. */
export interface PlatformAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const USER_INFO_CACHE_MS = 60_000;
const USER_INFO_CACHE_SIZE = 1_000;

/**
 * The platform calls of the MCP server (docs/mcp.md#platform-calls): environment, client lookup,
 * token relay (env secret) and user info (cached a minute per access token). Each call has a 10 s
 * timeout.
 *
 * @example
 * ```ts
 * const platform = new McpPlatform('https://platform.example.com', envSecret);
 * const { id } = await platform.environment();
 * ```
 */
export class McpPlatform {
  private readonly users = new Map<string, { at: number; user: Promise<McpUserClaims> }>();

  constructor(
    readonly serverUrl: string,
    private readonly envSecret: string,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {}

  /** An absolute URL on the platform. */
  url(path: string): string {
    return new URL(path, this.serverUrl).href;
  }

  private async call(path: string, init: RequestInit = {}): Promise<PlatformAnswer> {
    const response = await this.fetchImpl(this.url(path), {
      ...init,
      signal: AbortSignal.timeout(10_000),
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        body = parsed as Record<string, unknown>;
      }
    } catch {
      body = {};
    }

    return { status: response.status, body };
  }

  /** `GET /liana/environment` with the env secret; throws when it is not answered. */
  async environment(): Promise<McpEnvironment> {
    const { status, body } = await this.call('/liana/environment', {
      headers: { 'forest-secret-key': this.envSecret },
    });
    const data = body.data as { id?: unknown; attributes?: Record<string, unknown> } | undefined;
    const id = Number(data?.id);
    if (status !== 200 || !Number.isSafeInteger(id)) {
      throw new GroveError(
        'ValidationError',
        `The MCP server could not read its environment from the platform (GET /liana/environment answered ${status}); check the env secret and the platform URL.`,
      );
    }
    const endpoint = data?.attributes?.api_endpoint;

    return { id, apiEndpoint: typeof endpoint === 'string' && endpoint ? endpoint : null };
  }

  /** The environment's agent schema (`GET /liana/forest-schema`), for the tools' enums. */
  async schema(): Promise<unknown> {
    const { status, body } = await this.call('/liana/forest-schema', {
      headers: { 'forest-secret-key': this.envSecret },
    });
    if (status !== 200) throw new GroveError('ValidationError', `No schema (${status})`);

    return body;
  }

  /** The RFC 7591 record of an MCP client, or null when the platform does not know it. */
  async client(clientId: string): Promise<Record<string, unknown> | null> {
    if (!/^[\w-]{1,128}$/.test(clientId)) return null;
    const { status, body } = await this.call(`/oauth/register/${encodeURIComponent(clientId)}`);

    return status === 200 ? body : null;
  }

  /** `POST /oauth/token` with the env secret (JSON body), answered as is. */
  token(body: Record<string, unknown>): Promise<PlatformAnswer> {
    return this.call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'forest-secret-key': this.envSecret },
      body: JSON.stringify(body),
    });
  }

  /** The user of an access token on a rendering (cached one minute per token). */
  userInfo(renderingId: number, accessToken: string): Promise<McpUserClaims> {
    const now = Date.now();
    const cached = this.users.get(accessToken);
    if (cached && now - cached.at < USER_INFO_CACHE_MS) return cached.user;
    if (this.users.size >= USER_INFO_CACHE_SIZE) {
      for (const [key, entry] of this.users) {
        if (now - entry.at >= USER_INFO_CACHE_MS || this.users.size >= USER_INFO_CACHE_SIZE) {
          this.users.delete(key);
        }
      }
    }
    const user = this.fetchUserInfo(renderingId, accessToken);
    this.users.set(accessToken, { at: now, user });
    user.catch(() => this.users.delete(accessToken));

    return user;
  }

  private async fetchUserInfo(renderingId: number, accessToken: string): Promise<McpUserClaims> {
    const { status, body } = await this.call(
      `/liana/v2/renderings/${encodeURIComponent(String(renderingId))}/authorization`,
      { headers: { 'forest-secret-key': this.envSecret, 'forest-token': accessToken } },
    );
    const data = body.data as { id?: unknown; attributes?: Record<string, unknown> } | undefined;
    const attributes = data?.attributes ?? {};
    const id = Number(data?.id);
    if (status !== 200 || !Number.isSafeInteger(id)) {
      throw new GroveError('UnauthorizedError', `The platform refused the user (${status})`);
    }
    const teams = Array.isArray(attributes.teams) ? attributes.teams : [];
    const tags = Array.isArray(attributes.tags) ? attributes.tags : [];

    return {
      id,
      email: String(attributes.email ?? ''),
      firstName: String(attributes.first_name ?? ''),
      lastName: String(attributes.last_name ?? ''),
      team: String(teams[0] ?? ''),
      role: String(attributes.role ?? ''),
      permissionLevel: attributes.permission_level,
      renderingId,
      tags: Object.fromEntries(
        tags.map((tag: { key?: unknown; value?: unknown }) => [String(tag.key), String(tag.value)]),
      ),
    };
  }
}
