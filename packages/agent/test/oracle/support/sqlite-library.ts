import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';

/** A library database in a temporary SQLite file, with a Sequelize handle for direct checks. */
export interface SqliteLibrary {
  /** The file, for `createSqlDataSource({ dialect: 'sqlite', storage })`. */
  readonly storage: string;
  /** Runs a SELECT directly on the file (not through the agent) and returns its rows. */
  select<Row extends object>(sql: string): Promise<Row[]>;
  drop(): Promise<void>;
}

// Foreign keys give the relations: books.author (ManyToOne) / authors.books (OneToMany),
// books.tags / tags.books (ManyToMany through the book_tags junction).
const statements = [
  'CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL)',
  'CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL, ' +
    'author_id INTEGER REFERENCES authors (id))',
  'CREATE TABLE tags (id INTEGER PRIMARY KEY, label TEXT NOT NULL)',
  'CREATE TABLE book_tags (book_id INTEGER NOT NULL REFERENCES books (id), ' +
    'tag_id INTEGER NOT NULL REFERENCES tags (id), PRIMARY KEY (book_id, tag_id))',
  "INSERT INTO authors (id, name) VALUES (1, 'Frank Herbert'), (2, 'Isaac Asimov')",
  'INSERT INTO books (id, title, price, author_id) VALUES ' +
    "(1, 'Dune', 9.5, 1), (2, 'Foundation', 7, 2), (3, 'I, Robot', 6, 2), (4, 'Untitled', NULL, NULL)",
  "INSERT INTO tags (id, label) VALUES (1, 'sci-fi'), (2, 'classic')",
  'INSERT INTO book_tags (book_id, tag_id) VALUES (1, 1), (1, 2), (2, 1)',
];

/**
 * Creates the library in a fresh SQLite file: authors 1–2, books 1–4 (book 4 has no author nor
 * price), tags 1–2, and book 1 tagged 1 and 2, book 2 tagged 1.
 */
export async function createSqliteLibrary(): Promise<SqliteLibrary> {
  const storage = join(
    tmpdir(),
    `grove-oracle-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.sqlite`,
  );
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: false });
  for (const sql of statements) await sequelize.query(sql);

  return {
    storage,
    select: <Row extends object>(sql: string) =>
      sequelize.query<Row>(sql, { type: QueryTypes.SELECT }),
    async drop() {
      await sequelize.close();
      await rm(storage, { force: true });
    },
  };
}
