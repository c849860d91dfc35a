import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { reportSkipped } from '@grove/datasource-toolkit/testing';

import { withoutFetchGlobals } from '../../src/connection/without-fetch-globals';
import { testConnections } from '../helpers/connections';

/** Runs `body` in a fresh Node process (CommonJS, this package's build) and answers its JSON line. */
function inFreshNode(body: string): { undici: number; response: string } {
  const script = `
    (async () => {
      ${body}
      const undici = process.moduleLoadList.filter(name => name.includes('undici')).length;
      console.log(JSON.stringify({ undici, response: typeof Response }));
      process.exit(0);
    })().catch(error => { console.error(error); process.exit(1); });`;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: join(__dirname, '..', '..'),
    encoding: 'utf8',
  });

  return JSON.parse(output.trim().split('\n').pop()!) as { undici: number; response: string };
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
    expect(grove).toEqual({ undici: 0, response: 'function' });
  });
});
