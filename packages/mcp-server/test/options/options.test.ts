import {
  isAllowedClient,
  normalizeAllowedClients,
} from '../../src/options/normalize-allowed-clients';
import { normalizeBasePath } from '../../src/options/normalize-base-path';
import { resolveTokenTtl } from '../../src/options/resolve-token-ttl';
import { isMcpPath } from '../../src/http/mcp-namespace';

describe('MCP options', () => {
  it('normalizes basePath and refuses other characters', () => {
    expect(normalizeBasePath(' ai/ ')).toBe('/ai');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('//a//b/')).toBe('/a/b');
    expect(() => normalizeBasePath('/a b')).toThrow('Invalid MCP mount path "/a b"');
  });

  it('refuses an empty allowedOAuthClients and entries that are not bare domains', () => {
    expect(() => normalizeAllowedClients([' ', ''])).toThrow('no domains to allow');
    expect(() => normalizeAllowedClients(['https://dust.tt'])).toThrow('bare domains');
    expect(normalizeAllowedClients([' Dust.TT. '])).toEqual(['dust.tt']);
    expect(normalizeAllowedClients(undefined)).toBeUndefined();
  });

  it('accepts a client only when every redirect URI is http(s) on a listed domain', () => {
    expect(isAllowedClient(['https://eu.dust.tt/cb'], ['dust.tt'])).toBe(true);
    expect(isAllowedClient(['https://evildust.tt/cb'], ['dust.tt'])).toBe(false);
    expect(isAllowedClient(['https://dust.tt/cb', 'myapp://cb'], ['dust.tt'])).toBe(false);
    expect(isAllowedClient([], ['dust.tt'])).toBe(false);
  });

  it('validates tokenTtl with the exact messages and raises values below 60', () => {
    const logs: string[] = [];
    const logger = (_level: string, message: string) => logs.push(message);
    expect(() => resolveTokenTtl({ accessTokenSeconds: 0 }, logger)).toThrow(
      'Invalid tokenTtl.accessTokenSeconds "0": it must be a positive integer number of seconds.',
    );
    expect(() => resolveTokenTtl({ refreshTokenSeconds: 1.5 }, logger)).toThrow(
      'Invalid tokenTtl.refreshTokenSeconds "1.5"',
    );
    expect(resolveTokenTtl({ accessTokenSeconds: 10 }, logger)).toEqual({ accessTokenSeconds: 60 });
    resolveTokenTtl({ accessTokenSeconds: 900, refreshTokenSeconds: 120 }, logger);
    expect(logs.join('\n')).toContain('Did you swap the two values?');
  });

  it('captures its namespaces segment by segment', () => {
    expect(isMcpPath('/mcp', '')).toBe(true);
    expect(isMcpPath('/mcp-dashboard', '')).toBe(false);
    expect(isMcpPath('/oauth/callback', '')).toBe(true);
    expect(isMcpPath('/oauth/callback', '/ai')).toBe(false);
    expect(isMcpPath('/ai/mcp', '/ai')).toBe(true);
    expect(isMcpPath('/.well-known/oauth-protected-resource/ai/mcp', '/ai')).toBe(true);
    expect(isMcpPath('/.well-known/security.txt', '/ai')).toBe(false);
  });
});
