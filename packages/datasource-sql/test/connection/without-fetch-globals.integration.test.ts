import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { reportSkipped } from '@grove/datasource-toolkit/testing';

import { withoutFetchGlobals } from '../../src/connection/without-fetch-globals';
import { testConnections } from '../helpers/connections';

/** Runs `body` in a fresh Node process (CommonJS, this package's build) and answers its JSON line. */
function inFreshNode(body: string): { undici: number; response: string; sequelize: number } {
  const script = `
    (async () => {
      ${body}
      const undici = process.moduleLoadList.filter(name => name.includes('undici')).length;
      const sequelize = Object.keys(require.cache).filter(name => /[\\/]sequelize[\\/]/.test(name)).length;
      console.log(JSON.stringify({ undici, response: typeof Response, sequelize }));
      process.exit(0);
    })().catch(error => { console.error(error); process.exit(1); });`;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: join(__dirname, '..', '..'),
    encoding: 'utf8',
  });

  return JSON.parse(output.trim().split('\n').pop()!) as {
    undici: number;
    response: string;
    sequelize: number;
  };
}

/** What callers see of the global (read first: a lazy getter may turn into a value). */
function responseGlobal() {
  const value = globalThis.Response;
  const { get, configurable, enumerable } = Object.getOwnPropertyDescriptor(
    globalThis,
    'Response',
  )!;

  return { value, get, configurable, enumerable };
}

describe('withoutFetchGlobals', () => {
  it('hides Response during the call only, and puts back Node’s own property', () => {
    const before = responseGlobal();
    const seen = withoutFetchGlobals(() => typeof Response);

    expect(seen).toBe('undefined');
    expect(responseGlobal()).toEqual(before);
    expect(before.value).toBe(Response);
  });

  it('puts it back when the call throws', () => {
    const before = responseGlobal();

    expect(() =>
      withoutFetchGlobals(() => {
        throw new Error('no driver');
      }),
    ).toThrow('no driver');
    expect(responseGlobal()).toEqual(before);
  });

  const postgres = testConnections.find(connection => connection.dialect === 'postgres')!;
  const withPostgres = postgres.url ? it : it.skip;
  if (!postgres.url) reportSkipped('no POSTGRES_URL');

  withPostgres('a PostgreSQL data source does not load undici (pg on its own does)', () => {
    const url = JSON.stringify(postgres.url);
    const plain = inFreshNode(`require('pg');`);
    const grove = inFreshNode(`
      const { createSqlDataSource } = require('./dist/index.js');
      const dataSource = await createSqlDataSource(${url})(() => {});
      await dataSource.close();`);

    expect(plain.undici).toBeGreaterThan(0);
    expect(grove).toEqual({ undici: 0, response: 'function', sequelize: 0 });
  });

  it('a SQLite or PostgreSQL data source does not load Sequelize until nativeDriver is read', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'grove-sql-')), 'shop.sqlite');
    const sqlite = `
      const sqlite3 = require('sqlite3');
      await new Promise((resolve, reject) => {
        const database = new sqlite3.Database(${JSON.stringify(file)}, error => error && reject(error));
        database.exec('CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY)', error =>
          database.close(() => (error ? reject(error) : resolve())));
      });
      const url = ${JSON.stringify(`sqlite:${file}`)};`;
    const sources = [
      sqlite,
      ...(postgres.url ? [`const url = ${JSON.stringify(postgres.url)};`] : []),
    ];
    for (const source of sources) {
      const open = `${source}
        const { createSqlDataSource } = require('./dist/index.js');
        const dataSource = await createSqlDataSource(url)(() => {});
        await dataSource.collections[0]?.list({}, { conditionTree: null }, ['id']).catch(() => []);`;

      expect(inFreshNode(`${open} await dataSource.close();`).sequelize).toBe(0);
    }
    const read = inFreshNode(`${sqlite}
      const { createSqlDataSource } = require('./dist/index.js');
      const dataSource = await createSqlDataSource(url)(() => {});
      const driver = dataSource.getCollection('books').nativeDriver;
      if (typeof driver.query !== 'function') throw new Error('no Sequelize');
      await dataSource.close();`);

    expect(read.sequelize).toBeGreaterThan(0);
  });
});
