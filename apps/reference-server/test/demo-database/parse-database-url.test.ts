import { parseDatabaseUrl } from '../../src/demo-database/parse-database-url';

describe('parseDatabaseUrl', () => {
  it.each([
    ['sqlite:./data/demo.sqlite', './data/demo.sqlite'],
    ['sqlite:///tmp/demo.sqlite', '/tmp/demo.sqlite'],
    ['sqlite::memory:', ':memory:'],
  ])('reads the SQLite file of %s', (url, storage) => {
    expect(parseDatabaseUrl(url)).toMatchObject({ dialect: 'sqlite', storage });
  });

  it('reads a PostgreSQL URL with a schema, without keeping the password in messages', () => {
    const parsed = parseDatabaseUrl('postgresql://app:s%40cret@db.local/shop?schema=demo');
    expect(parsed).toMatchObject({
      dialect: 'postgres',
      schema: 'demo',
      debugUrl: 'postgres://db.local:5432/shop?schema=demo',
      options: {
        host: 'db.local',
        port: 5432,
        database: 'shop',
        username: 'app',
        password: 's@cret',
        timezone: '+00:00',
        dialectOptions: { options: '-c search_path="demo"' },
      },
    });
  });

  it('turns sslmode=require into TLS without certificate verification', () => {
    expect(parseDatabaseUrl('postgres://db/shop?sslmode=require').options.dialectOptions).toEqual({
      ssl: { rejectUnauthorized: false },
    });
  });

  it.each([
    ['mysql://root@127.0.0.1/shop', 'mysql'],
    ['mariadb://root@127.0.0.1:3307/shop', 'mariadb'],
  ])('reads %s as the %s dialect', (url, dialect) => {
    expect(parseDatabaseUrl(url).dialect).toBe(dialect);
  });

  it('rejects other URLs without echoing them', () => {
    expect(() => parseDatabaseUrl('mssql://sa:secret@db/shop')).toThrow(
      'The database URL is not supported: use sqlite:<path>, postgres://…, mysql://… or mariadb://…',
    );
  });
});
