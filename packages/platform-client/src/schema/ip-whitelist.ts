import type { PlatformHttp } from '../http/platform-http';

/** One IP rule: a single address (0), an inclusive range (1) or a CIDR block (2). */
export type IpRule =
  | { readonly type: 0; readonly ip: string }
  | { readonly type: 1; readonly ipMinimum: string; readonly ipMaximum: string }
  | { readonly type: 2; readonly range: string };

/** The environment's IP whitelist. */
export interface IpWhitelist {
  readonly isFeatureEnabled: boolean;
  readonly ipRules: readonly IpRule[];
}

interface IpWhitelistAnswer {
  data?: { attributes?: { use_ip_whitelist?: unknown; rules?: unknown } };
}

/**
 * Fetches the IP whitelist (`GET /liana/v1/ip-whitelist-rules`). Rules of an unknown shape are
 * left out (the caller logs nothing about them; the platform validates rules on save).
 *
 * @example
 * ```ts
 * const { isFeatureEnabled, ipRules } = await getIpWhitelist(http);
 * ```
 */
export async function getIpWhitelist(http: PlatformHttp): Promise<IpWhitelist> {
  const answer = await http.request<IpWhitelistAnswer | undefined>({
    method: 'GET',
    path: '/liana/v1/ip-whitelist-rules',
  });
  const attributes = answer?.data?.attributes;
  const rules = Array.isArray(attributes?.rules) ? (attributes.rules as unknown[]) : [];

  return {
    isFeatureEnabled: attributes?.use_ip_whitelist === true,
    ipRules: rules.filter(isIpRule),
  };
}

function isIpRule(rule: unknown): rule is IpRule {
  if (typeof rule !== 'object' || rule === null) return false;
  const r = rule as Record<string, unknown>;
  if (r.type === 0) return typeof r.ip === 'string';
  if (r.type === 1) return typeof r.ipMinimum === 'string' && typeof r.ipMaximum === 'string';
  if (r.type === 2) return typeof r.range === 'string';

  return false;
}
