import { ForbiddenError } from '@grove/datasource-toolkit';
import type { IpRule, IpWhitelist } from '@grove/platform-client';
import type { RequestHandler } from 'express';
import { BlockList, isIP, isIPv4 } from 'node:net';
import { plainIp } from '../trusted-proxies';
import { clientIpOf } from './client-ip';

function toBlockList(rules: readonly IpRule[]): BlockList {
  const list = new BlockList();
  for (const rule of rules) {
    try {
      if (rule.type === 0) list.addAddress(rule.ip, family(rule.ip));
      else if (rule.type === 1)
        list.addRange(rule.ipMinimum, rule.ipMaximum, family(rule.ipMinimum));
      else {
        const [network, prefix] = rule.range.split('/');
        list.addSubnet(network ?? '', Number(prefix), family(network ?? ''));
      }
    } catch {
      // A malformed rule allows nobody rather than crashing every request.
    }
  }

  return list;
}

function family(ip: string): 'ipv4' | 'ipv6' {
  return isIPv4(ip) ? 'ipv4' : 'ipv6';
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/**
 * Rejects requests from addresses outside the environment's IP whitelist
 * (docs/agent-protocol.md#ip-whitelist): 403 `IP address rejected (<ip>)`; loopback callers without
 * `X-Forwarded-For` pass. The address is the one the `clientIp` middleware resolved:
 * `X-Forwarded-For` counts only through trusted proxies (docs/decisions.md#d10-trusted-proxies: the
 * vendor trusts the header from anyone).
 *
 * @example
 * ```ts
 * router.use(ipWhitelist(await platform.getIpWhitelist()));
 * ```
 */
export function ipWhitelist(whitelist: IpWhitelist): RequestHandler {
  if (!whitelist.isFeatureEnabled) return (_request, _response, next) => next();
  const allowed = toBlockList(whitelist.ipRules);

  return (request, response, next) => {
    const ip = clientIpOf(response);
    if (!request.headers['x-forwarded-for'] && isLoopback(ip)) return next();
    const plain = plainIp(ip);
    // A forwarded hop that is not an address (`unknown`, garbage) is allowed by no rule.
    if (isIP(plain) === 0 || !allowed.check(plain, family(plain))) {
      return next(new ForbiddenError(`IP address rejected (${ip})`));
    }
    next();
  };
}
