import { ValidationError } from '@grove/datasource-toolkit';
import { BlockList, isIP } from 'node:net';

/** Named address ranges a `trustedProxies` entry may use, as Express's `trust proxy` does. */
const namedRanges: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it carries. */
export function plainIp(ip: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

function addEntry(list: BlockList, entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const ip = plainIp(address);
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(ip, type);

    return true;
  }
  const bits = Number(prefix);
  if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(ip, bits, type);

  return true;
}

/**
 * Compiles the `trustedProxies` option into a matcher: IP addresses, CIDR ranges (IPv4 or IPv6)
 * and the names `loopback`, `linklocal`, `uniquelocal`.
 *
 * @throws ValidationError naming the option and the entry that is not an address or a range.
 *
 * @example
 * ```ts
 * const isTrusted = compileTrustedProxies(['loopback', '10.0.0.0/8']);
 * isTrusted('127.0.0.1'); // true
 * ```
 */
export function compileTrustedProxies(entries: readonly string[]): (ip: string) => boolean {
  if (!Array.isArray(entries)) {
    throw new ValidationError(
      `The trustedProxies option must be an array of IP addresses or CIDR ranges (got ${String(entries)}).`,
    );
  }
  const list = new BlockList();
  for (const entry of entries) {
    const ranges = typeof entry === 'string' ? (namedRanges[entry] ?? [entry]) : [];
    if (ranges.length === 0 || !ranges.every(range => addEntry(list, range))) {
      throw new ValidationError(
        `The trustedProxies option holds '${String(entry)}', which is neither an IP address, a CIDR range nor one of ${Object.keys(namedRanges).join(', ')}.`,
      );
    }
  }

  return ip => {
    const plain = plainIp(ip);
    const family = isIP(plain);

    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address behind trusted proxies: starting from the socket's peer and walking
 * `X-Forwarded-For` from right to left, the first hop that is not a trusted proxy (the
 * left-most entry when all are trusted). An untrusted peer's `X-Forwarded-For` is ignored, so a
 * client cannot choose its own address.
 *
 * @param socketAddress - `request.socket.remoteAddress`.
 * @param forwardedFor - The `X-Forwarded-For` header (repeated headers joined by commas).
 * @param isTrusted - See {@link compileTrustedProxies}.
 *
 * @example
 * ```ts
 * resolveClientIp('127.0.0.1', '203.0.113.7, 10.0.0.2', compileTrustedProxies(['loopback', '10.0.0.0/8']));
 * // '203.0.113.7'
 * ```
 */
export function resolveClientIp(
  socketAddress: string,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean,
): string {
  // No forwarded hop (most requests): the socket's address, whoever the peer is.
  if (forwardedFor === undefined || forwardedFor === '') return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map(hop => hop.trim())
    .filter(hop => hop !== '');
  let client = socketAddress;
  while (isTrusted(client)) {
    const next = hops.pop();
    if (next === undefined) break;
    client = next;
  }

  return client;
}
