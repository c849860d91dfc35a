import {
  DELEGATION_LIFETIME_SECONDS,
  ExpiringCache,
  signDelegationToken,
} from '@grove/platform-client';

/**
 * How long before its `exp` a delegated token stops being handed out: a tool call that got it
 * still reaches the agent well before the agent refuses it (the agent client times out at 10 s).
 */
export const DELEGATION_REUSE_MARGIN_SECONDS = 60;

/** Options of {@link DelegationTokenCache}. */
export interface DelegationTokenCacheOptions {
  /** How many tokens are kept (default 1000). */
  readonly capacity?: number;
  /** The clock, in seconds since the epoch (tests pass their own). */
  readonly now?: () => number;
}

/**
 * The MCP server's delegated tokens (HS256 with the env secret, `grove_delegation: { source:
 * 'mcp' }`), signed once per set of user claims and handed out again until
 * {@link DELEGATION_REUSE_MARGIN_SECONDS} before they expire (1000 sets of claims at most). The key
 * is the whole claims object (user, rendering, team, role, permission level, tags…), so a change
 * in what the platform says of the user gets a new token at once; reusing a token also lets the
 * agent answer it from its own cache of verified tokens.
 *
 * @example
 * ```ts
 * const delegationTokens = new DelegationTokenCache(envSecret);
 * const token = await delegationTokens.token({ id: 7, email: 'ada@example.com', rendering_id: '3' });
 * ```
 */
export class DelegationTokenCache {
  private readonly tokens: ExpiringCache<string>;
  private readonly now: () => number;

  constructor(
    private readonly envSecret: string,
    options: DelegationTokenCacheOptions = {},
  ) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.tokens = new ExpiringCache<string>(options.capacity ?? 1000, this.now);
  }

  /** A delegated token of these claims, signed now or earlier. */
  async token(claims: Readonly<Record<string, unknown>>): Promise<string> {
    const key = JSON.stringify(claims);
    const known = this.tokens.get(key);
    if (known !== undefined) return known;
    const iat = this.now();
    const token = await signDelegationToken(
      claims,
      { source: 'mcp' },
      { secret: this.envSecret, now: iat },
    );
    this.tokens.set(
      key,
      token,
      iat + DELEGATION_LIFETIME_SECONDS - DELEGATION_REUSE_MARGIN_SECONDS,
    );

    return token;
  }
}
