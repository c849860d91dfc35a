import { readFile } from 'node:fs/promises';
import type { SqlDataSource } from '../src';
import { openSqlDataSource } from './helpers/open-data-source';
import { createScratchDatabase, type ScratchDatabase } from './helpers/scratch-database';

async function pragma(dataSource: SqlDataSource, name: string): Promise<unknown> {
  const [row] = await dataSource.connection.select(`PRAGMA ${name}`);

  return row?.[name];
}

describe('SQLite connection settings', () => {
  let scratch: ScratchDatabase;
  let dataSource: SqlDataSource | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase({ name: 'SQLite', dialect: 'sqlite', url: 'sqlite' });
    await scratch.sequelize.query('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    dataSource = await openSqlDataSource(scratch.options);
  });

  afterAll(async () => {
    await dataSource?.close();
    await scratch?.drop();
  });

  it('switches a file to WAL, recorded in the file', async () => {
    expect(await pragma(dataSource as SqlDataSource, 'journal_mode')).toBe('wal');
    // The header's read/write format versions (bytes 18 and 19) are 2 in WAL mode.
    const header = await readFile(scratch.options.storage as string);
    expect([header[18], header[19]]).toEqual([2, 2]);
  });

  it('commits with synchronous = NORMAL (1)', async () => {
    expect(await pragma(dataSource as SqlDataSource, 'synchronous')).toBe(1);
  });

  it('keeps an in-memory database in memory journal mode', async () => {
    const memory = await openSqlDataSource({ dialect: 'sqlite', storage: ':memory:' });
    try {
      expect(await pragma(memory, 'journal_mode')).toBe('memory');
    } finally {
      await memory.close();
    }
  });
});
