import { normalizeEnabledTools } from '../../src/options/normalize-enabled-tools';

describe('the enabledTools option (docs/mcp.md#enabled-tools)', () => {
  const warnings = () => {
    const seen: string[] = [];

    return { seen, logger: (_level: string, message: string) => seen.push(message) };
  };

  it('enables every tool when omitted, silently', () => {
    const { seen, logger } = warnings();

    expect(normalizeEnabledTools(undefined, logger)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('is a strict allowlist, always with describeCollection (and says it added it)', () => {
    const { seen, logger } = warnings();

    expect(normalizeEnabledTools(['list', 'executeAction'], logger)).toEqual([
      'describeCollection',
      'list',
      'executeAction',
    ]);
    expect(seen).toEqual([
      'describeCollection was automatically enabled: every other tool relies on it.',
    ]);
  });

  it('ignores unknown names with a warning naming them; [] leaves describeCollection alone', () => {
    const { seen, logger } = warnings();

    expect(normalizeEnabledTools(['describeCollection', 'list', 'drop', 'exec'], logger)).toEqual([
      'describeCollection',
      'list',
    ]);
    expect(seen).toEqual([
      'Unknown tool names in enabledTools: drop, exec. These will be ignored.',
    ]);
    expect(normalizeEnabledTools([], () => undefined)).toEqual(['describeCollection']);
  });
});
