import { isIP } from 'node:net';

import { ValidationError } from '@grove/datasource-toolkit';

/** One IP rule of the protocol (docs/platform-protocol.md#ip-rules). */
export type IpRule =
  | { type: 0; ip: string }
  | { type: 1; ipMinimum: string; ipMaximum: string }
  | { type: 2; range: string };

const MAX_RULES = 200;

/** An address as a number, to order the two ends of a range. */
function toBigInt(ip: string, family: 4 | 6): bigint {
  if (family === 4) return ip.split('.').reduce((sum, part) => sum * 256n + BigInt(part), 0n);
  // Expand `::` and an embedded IPv4 tail into eight 16-bit groups.
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const n = toBigInt(v4[1], 4);
    text = text.replace(v4[1], `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`);
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];

  return groups.reduce((sum, group) => sum * 65536n + BigInt(`0x${group || '0'}`), 0n);
}

function address(value: unknown, label: string): { ip: string; family: 4 | 6 } {
  const ip = typeof value === 'string' ? value.trim() : '';
  const family = ip.length <= 64 ? isIP(ip) : 0;
  if (family !== 4 && family !== 6) throw new ValidationError(`${label}: not an IP address`);

  return { ip, family };
}

function checkRule(rule: unknown, index: number): IpRule {
  const label = `ipWhitelist.rules[${index}]`;
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) {
    throw new ValidationError(`${label}: a rule must be an object`);
  }
  const value = rule as Record<string, unknown>;
  const only = (...keys: string[]) => {
    if (Object.keys(value).some(key => key !== 'type' && !keys.includes(key))) {
      throw new ValidationError(
        `${label}: a type ${String(value.type)} rule has ${keys.join(', ')}`,
      );
    }
  };

  switch (value.type) {
    case 0:
      only('ip');

      return { type: 0, ip: address(value.ip, label).ip };
    case 1: {
      only('ipMinimum', 'ipMaximum');
      const minimum = address(value.ipMinimum, `${label}.ipMinimum`);
      const maximum = address(value.ipMaximum, `${label}.ipMaximum`);
      if (minimum.family !== maximum.family) {
        throw new ValidationError(`${label}: both ends of a range are IPv4, or both IPv6`);
      }
      if (toBigInt(minimum.ip, minimum.family) > toBigInt(maximum.ip, maximum.family)) {
        throw new ValidationError(`${label}: ipMinimum is after ipMaximum`);
      }

      return { type: 1, ipMinimum: minimum.ip, ipMaximum: maximum.ip };
    }
    case 2: {
      only('range');
      const text = typeof value.range === 'string' ? value.range.trim() : '';
      const [ip, prefix, ...rest] = text.split('/');
      const { family } = address(ip, `${label}.range`);
      const bits = prefix !== undefined && /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (rest.length > 0 || bits < 0 || bits > (family === 4 ? 32 : 128)) {
        throw new ValidationError(`${label}: the range must be a CIDR like 192.168.0.0/24`);
      }

      return { type: 2, range: `${ip}/${bits}` };
    }
    default:
      throw new ValidationError(`${label}: the type is 0 (address), 1 (range) or 2 (CIDR)`);
  }
}

/**
 * Checks an environment's IP whitelist `{ enabled, rules }` (docs/platform-protocol.md#ip-rules):
 * type 0 an address, type 1 an inclusive range of one family in order, type 2 a CIDR, IPv4 or IPv6,
 * at most 200 rules. Returns the rules trimmed; throws a `ValidationError` naming the bad rule.
 *
 * @example
 * ```ts
 * checkIpWhitelist({ enabled: true, rules: [{ type: 2, range: '10.0.0.0/8' }] });
 * ```
 */
export function checkIpWhitelist(value: unknown): { enabled: boolean; rules: IpRule[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('ipWhitelist must be { enabled, rules }');
  }
  const { enabled, rules, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof enabled !== 'boolean' || !Array.isArray(rules)) {
    throw new ValidationError('ipWhitelist must be { enabled: boolean, rules: [] }');
  }
  if (rules.length > MAX_RULES) throw new ValidationError(`At most ${MAX_RULES} IP rules`);

  return { enabled, rules: rules.map(checkRule) };
}
