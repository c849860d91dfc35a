import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { introspect } from '@grove/datasource-sql';
import { Sequelize } from 'sequelize';

/**
 * The `introspect()` JSON of a real SQLite database (authors, books with a foreign key to
 * authors), as the platform stores it. The database file is deleted before this resolves, so
 * whatever uses the introspection afterwards cannot have connected to it.
 *
 * @example
 * ```ts
 * const { introspection, storage } = await libraryIntrospection();
 * expect(existsSync(storage)).toBe(false);
 * ```
 */
export async function libraryIntrospection(): Promise<{ introspection: unknown; storage: string }> {
  const storage = join(tmpdir(), `grove-cloud-${process.pid}-${Date.now()}.sqlite`);
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
  try {
    await sequelize.query('CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    await sequelize.query(
      'CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES authors (id))',
    );
  } finally {
    await sequelize.close();
  }
  try {
    const introspection = await introspect({ dialect: 'sqlite', storage });

    // A round trip through JSON, as the platform's HTTP answer does.
    return { introspection: JSON.parse(JSON.stringify(introspection)) as unknown, storage };
  } finally {
    await rm(storage, { force: true });
  }
}
