import * as pg from 'pg';
import { Sequelize } from 'sequelize';
import { SqlConnection } from '../../src/connection/sql-connection';
import { resolveConnectionOptions } from '../../src/connection/resolve-connection-options';
import { availableConnections } from '../helpers/connections';

// SQLite's pool never asks for the version (its connections run no connect hooks either).
const servers = availableConnections().filter(c => c.dialect !== 'sqlite');
const versionOf = (sequelize: Sequelize): unknown =>
  (sequelize as unknown as { options: { databaseVersion: unknown } }).options.databaseVersion;
const hooks = Sequelize.prototype as unknown as {
  runHooks(name: string, ...args: unknown[]): unknown;
};

describe.each(servers)('$name: opening a connection', connection => {
  const url = connection.url ?? '';

  it('opens one connection, and Sequelize knows the server version as it would have', async () => {
    // MySQL and MariaDB connect through Sequelize's pool, PostgreSQL through pg's.
    const spy = jest.spyOn(hooks, 'runHooks');
    const connect = jest.spyOn(pg.Client.prototype, 'connect');
    let sql: SqlConnection | undefined;
    let opened: number;
    try {
      sql = await SqlConnection.open(resolveConnectionOptions(url));
      opened =
        connection.dialect === 'postgres'
          ? connect.mock.calls.length
          : spy.mock.calls.filter(([name]) => name === 'afterConnect').length;
    } finally {
      spy.mockRestore();
      connect.mockRestore();
    }
    // Sequelize alone opens a connection for the version, closes it, then opens the pool's.
    const plain = new Sequelize(url, { logging: false });
    try {
      await plain.authenticate();

      expect(opened).toBe(1);
      expect(versionOf(sql.sequelize)).toBe(versionOf(plain));
      expect(versionOf(sql.sequelize)).toMatch(/^\d+\.\d+\.\d+$/);
      expect(sql.isMariaDbServer).toBe(/mariadb/i.test(String(await plain.databaseVersion())));
    } finally {
      await plain.close();
      await sql.close();
    }
  });
});
