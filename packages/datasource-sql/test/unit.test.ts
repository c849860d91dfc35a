import * as api from '../src';
import { resolveConnectionOptions } from '../src/connection/resolve-connection-options';
import { parseSqlType } from '../src/introspection/parse-sql-type';
import { plural, singular } from '../src/schema/inflection';
import { cachedZoneCount, offsetPeriods } from '../src/sql/timezone-offsets';

describe('public API', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(api).sort()).toEqual([
      'DatabaseConnectError',
      'DisconnectedDataSourceError',
      'IntrospectionFormatError',
      'MissingDriverError',
      'SqlDataSource',
      'createDisconnectedSqlDataSource',
      'createSqlDataSource',
      'introspect',
      'upgradeIntrospection',
    ]);
  });
});

describe('resolveConnectionOptions', () => {
  it('reads a URI and builds a credential-free debug URI', () => {
    expect(
      resolveConnectionOptions('postgresql://app:s3cret@db.local/shop?schema=app'),
    ).toMatchObject({
      dialect: 'postgres',
      host: 'db.local',
      port: 5432,
      username: 'app',
      password: 's3cret',
      database: 'shop',
      schema: 'app',
      sslMode: 'manual',
      debugUri: 'postgres://db.local:5432/shop',
    });
  });

  it('defaults to SQLite in memory', () => {
    expect(resolveConnectionOptions({})).toMatchObject({
      dialect: 'sqlite',
      storage: ':memory:',
      debugUri: 'sqlite::memory:',
    });
  });

  it('rejects an unknown dialect', () => {
    expect(() => resolveConnectionOptions('oracle://db/x')).toThrow('Unsupported dialect: oracle');
  });
});

describe('parseSqlType', () => {
  it.each([
    ['character varying(255)', 'STRING'],
    ['tinyint(1)', 'BOOLEAN'],
    ['tinyint(4)', 'INTEGER'],
    ['bigint', 'BIGINT'],
    ['numeric(10,2)', 'DECIMAL'],
    ['timestamp with time zone', 'DATE'],
    ['datetime(3)', 'DATE'],
    ['date', 'DATEONLY'],
    ['time without time zone', 'TIME'],
    ['jsonb', 'JSONB'],
    ['varbinary(16)', 'BLOB'],
    ['uuid', 'UUID'],
  ])('%s → %s', (raw, subType) => {
    expect(parseSqlType(raw)).toEqual({ type: 'scalar', subType });
  });

  it.each(['money', 'interval', 'bit(8)', 'time with time zone'])('%s is unsupported', raw => {
    expect(parseSqlType(raw)).toBeNull();
  });
});

describe('inflection', () => {
  it.each([
    ['author', 'authors'],
    ['category', 'categories'],
    ['box', 'boxes'],
    ['bookTag', 'bookTags'],
  ])('%s ↔ %s', (one, many) => {
    expect(plural(one)).toBe(many);
    expect(singular(many)).toBe(one);
  });
});

describe('offsetPeriods', () => {
  it('finds the DST changes of Europe/Paris in 2024', () => {
    const changes = offsetPeriods('Europe/Paris').filter(
      p => new Date(p.from).getUTCFullYear() === 2024,
    );
    expect(changes).toEqual([
      { from: Date.parse('2024-03-31T01:00:00Z'), offset: 120 },
      { from: Date.parse('2024-10-27T01:00:00Z'), offset: 60 },
    ]);
  });
});

describe('offsetPeriods cache', () => {
  it('keeps one entry for every case variant of a zone', () => {
    const before = cachedZoneCount();
    const variants = ['America/Chicago', 'america/chicago', 'AMERICA/CHICAGO', 'aMeRiCa/cHiCaGo'];
    const periods = variants.map(offsetPeriods);

    expect([cachedZoneCount() - before, new Set(periods).size]).toEqual([1, 1]);
  });

  it('refuses a zone name longer than 64 characters before computing anything', () => {
    expect(() => offsetPeriods(`Europe/${'x'.repeat(100)}`)).toThrow(
      expect.objectContaining({ code: 'ValidationError' }),
    );
  });
});
