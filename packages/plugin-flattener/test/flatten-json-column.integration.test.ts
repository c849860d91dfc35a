import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqlDataSource, type SqlDataSource } from '@grove/datasource-sql';
import type { DataSource } from '@grove/datasource-toolkit';
import { describeOrSkip } from '@grove/datasource-toolkit/testing';
import { Sequelize } from 'sequelize';
import { flattenJsonColumn } from '../src';
import { build, list, update } from './helpers/customers-fixture';

/** One database per dialect: how to open it, create the table and point the data source at it. */
interface Database {
  readonly sequelize: Sequelize;
  readonly table: string;
  readonly dataSourceUrl: Parameters<typeof createSqlDataSource>[0];
  readonly jsonType: string;
  drop(): Promise<void>;
}

const random = () => Math.random().toString(36).slice(2, 10);

const databases: Array<[string, (() => Database) | undefined]> = [
  [
    'SQLite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'grove-flat-'));
      const storage = join(dir, 'flat.db');

      return {
        sequelize: new Sequelize({ dialect: 'sqlite', storage, logging: false }),
        table: 'customers',
        dataSourceUrl: { dialect: 'sqlite', storage },
        jsonType: 'JSON',
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'PostgreSQL',
    process.env.POSTGRES_URL
      ? () => {
          const url = process.env.POSTGRES_URL as string;
          const schema = `grove_flat_${random()}`;
          const sequelize = new Sequelize(url, { logging: false });

          return {
            sequelize,
            table: `"${schema}".customers`,
            dataSourceUrl: `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`,
            jsonType: 'JSONB',
            drop: async () => {
              await sequelize.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
            },
          };
        }
      : undefined,
  ],
];

describe.each(databases)('flattenJsonColumn through @grove/datasource-sql on %s', (_name, open) => {
  describeOrSkip(open ? undefined : 'no POSTGRES_URL', 'a JSON column', () => {
    let db: Database;
    let raw: SqlDataSource;
    let dataSource: DataSource;

    const storedPrefs = async (id: number): Promise<unknown> => {
      const [rows] = await db.sequelize.query(`SELECT prefs FROM ${db.table} WHERE id = ${id}`);
      const value = (rows as Array<{ prefs: unknown }>)[0]?.prefs;

      return typeof value === 'string' ? JSON.parse(value) : value;
    };

    beforeAll(async () => {
      db = (open as () => Database)();
      if (db.table.includes('.')) {
        await db.sequelize.query(`CREATE SCHEMA ${db.table.split('.')[0]}`);
      }
      await db.sequelize.query(
        `CREATE TABLE ${db.table} (id INTEGER PRIMARY KEY, name TEXT, prefs ${db.jsonType})`,
      );
      await db.sequelize.query(
        `INSERT INTO ${db.table} (id, name, prefs) VALUES ` +
          `(1, 'Ada', '{"theme":"dark","notify":{"email":true,"sms":false},"extra":1}'), ` +
          `(2, 'Bob', '{"theme":"light","notify":{"email":false}}'), ` +
          `(3, 'Cy', NULL)`,
      );
      raw = (await createSqlDataSource(db.dataSourceUrl)(
        () => {},
        async () => {},
      )) as SqlDataSource;
    });

    beforeEach(async () => {
      dataSource = await build(raw, c =>
        c.use(flattenJsonColumn, {
          columnName: 'prefs',
          columnType: { theme: 'String', notify: { email: 'Boolean' } },
        }),
      );
    });

    afterAll(async () => {
      await raw?.close();
      await db?.drop();
      await db?.sequelize.close();
    });

    test('reads the flattened keys and hides the JSON column', async () => {
      expect(dataSource.getCollection('customers').schema.fields.prefs).toBeUndefined();
      await expect(
        list(dataSource, ['id', 'prefs@@@theme', 'prefs@@@notify@@@email']),
      ).resolves.toEqual([
        { id: 1, 'prefs@@@theme': 'dark', 'prefs@@@notify@@@email': true },
        { id: 2, 'prefs@@@theme': 'light', 'prefs@@@notify@@@email': false },
        { id: 3, 'prefs@@@theme': null, 'prefs@@@notify@@@email': null },
      ]);
    });

    test('filters and sorts the flattened keys (in memory)', async () => {
      await expect(
        list(dataSource, ['id'], { field: 'prefs@@@theme', operator: 'Equal', value: 'light' }),
      ).resolves.toEqual([{ id: 2 }]);
      await expect(
        list(dataSource, ['id'], { field: 'id', operator: 'In', value: [1, 2] }, [
          { field: 'prefs@@@theme', ascending: false },
        ]),
      ).resolves.toEqual([{ id: 2 }, { id: 1 }]);
    });

    test('a write of one key merges into the stored JSON', async () => {
      await update(
        dataSource,
        { field: 'id', operator: 'Equal', value: 1 },
        {
          'prefs@@@notify@@@email': false,
        },
      );
      await expect(storedPrefs(1)).resolves.toEqual({
        theme: 'dark',
        notify: { email: false, sms: false },
        extra: 1,
      });
    });

    test('a write on records that differ updates each JSON by group', async () => {
      await update(
        dataSource,
        { field: 'id', operator: 'In', value: [2, 3] },
        {
          'prefs@@@theme': 'blue',
        },
      );
      await expect(storedPrefs(2)).resolves.toEqual({ theme: 'blue', notify: { email: false } });
      await expect(storedPrefs(3)).resolves.toEqual({ theme: 'blue' });
    });
  });
});
