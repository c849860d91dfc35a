import { coerceVersion } from '../../src/connection/server-version';

describe('coerceVersion: the version Sequelize is given', () => {
  it.each([
    ['15.20 (Debian 15.20-0+deb12u1)', '15.20.0'],
    ['10.11.19-MariaDB-0+deb12u1', '10.11.19'],
    ['8.0.36', '8.0.36'],
    ['3.44.2', '3.44.2'],
    ['PostgreSQL 16', '16.0.0'],
    ['5.7.044-log', '5.7.44'],
  ])('%s: %s', (text, expected) => {
    expect(coerceVersion(text)).toBe(expected);
  });

  it('nothing without a number', () => {
    expect(coerceVersion('unknown')).toBeUndefined();
  });
});
