import { checkIpWhitelist } from '../../src/services/check-ip-whitelist';

describe('checkIpWhitelist', () => {
  it('accepts the three rule types in IPv4 and IPv6, trimmed', () => {
    expect(
      checkIpWhitelist({
        enabled: true,
        rules: [
          { type: 0, ip: ' 203.0.113.7 ' },
          { type: 1, ipMinimum: '::ffff:10.0.0.1', ipMaximum: '::ffff:10.0.0.9' },
          { type: 1, ipMinimum: '2001:db8::1', ipMaximum: '2001:db8::1' },
          { type: 2, range: 'fe80::/10' },
        ],
      }),
    ).toEqual({
      enabled: true,
      rules: [
        { type: 0, ip: '203.0.113.7' },
        { type: 1, ipMinimum: '::ffff:10.0.0.1', ipMaximum: '::ffff:10.0.0.9' },
        { type: 1, ipMinimum: '2001:db8::1', ipMaximum: '2001:db8::1' },
        { type: 2, range: 'fe80::/10' },
      ],
    });
  });

  it('orders range ends numerically, not as text', () => {
    expect(() =>
      checkIpWhitelist({
        enabled: true,
        rules: [{ type: 1, ipMinimum: '10.0.0.9', ipMaximum: '10.0.0.10' }],
      }),
    ).not.toThrow();
    expect(() =>
      checkIpWhitelist({
        enabled: true,
        rules: [{ type: 1, ipMinimum: '2001:db8::10', ipMaximum: '2001:db8::9' }],
      }),
    ).toThrow(/ipMinimum is after ipMaximum/);
  });

  it.each([
    [{ enabled: 'yes', rules: [] }],
    [{ enabled: true }],
    [{ enabled: true, rules: [], extra: 1 }],
    [{ enabled: true, rules: [{ type: 0, ip: '1.2.3' }] }],
    [{ enabled: true, rules: [{ type: 2, range: '::/129' }] }],
    [{ enabled: true, rules: [{ type: 2, range: '10.0.0.0/8/8' }] }],
    [{ enabled: true, rules: Array(201).fill({ type: 0, ip: '10.0.0.1' }) }],
  ])('refuses %j', value => {
    expect(() => checkIpWhitelist(value)).toThrow(
      expect.objectContaining({ code: 'ValidationError' }),
    );
  });
});
