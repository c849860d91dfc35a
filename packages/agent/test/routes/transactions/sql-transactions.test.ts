import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';
import { createSqlDataSource } from '@grove/datasource-sql';
import { createSqlShop, type SqlShop } from '../../helpers/sql-shop';
import { startTestAgent, type TestAgent } from '../../helpers/test-agent';

const tz = 'timezone=Europe%2FParis';

/**
 * people ← passports (person_id UNIQUE: a OneToOne), people ↔ clubs through memberships. Triggers
 * play the constraint that fails the second statement: a LOCKED passport cannot be linked, the
 * Permanent club cannot be deleted.
 */
async function createClubFile(path: string): Promise<void> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
  const statements = [
    'CREATE TABLE people (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(50) NOT NULL)',
    'CREATE TABLE passports (id INTEGER PRIMARY KEY AUTOINCREMENT, person_id INTEGER UNIQUE REFERENCES people(id), number VARCHAR(20) NOT NULL)',
    'CREATE TABLE clubs (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(50) NOT NULL)',
    'CREATE TABLE memberships (person_id INTEGER NOT NULL REFERENCES people(id), club_id INTEGER NOT NULL REFERENCES clubs(id), PRIMARY KEY (person_id, club_id))',
    `CREATE TRIGGER locked_passport BEFORE UPDATE OF person_id ON passports
       WHEN NEW.number = 'LOCKED' AND NEW.person_id IS NOT NULL
       BEGIN SELECT RAISE(ABORT, 'locked passport'); END`,
    `CREATE TRIGGER permanent_club BEFORE DELETE ON clubs WHEN OLD.name = 'Permanent'
       BEGIN SELECT RAISE(ABORT, 'permanent club'); END`,
    "INSERT INTO people (id, name) VALUES (1, 'Ada'), (2, 'Grace')",
    "INSERT INTO passports (id, person_id, number) VALUES (1, 1, 'P-1'), (2, NULL, 'LOCKED'), (3, NULL, 'P-3')",
    "INSERT INTO clubs (id, name) VALUES (1, 'Permanent'), (2, 'Chess')",
    'INSERT INTO memberships (person_id, club_id) VALUES (1, 1), (1, 2)',
  ];
  for (const statement of statements) await sequelize.query(statement);
  await sequelize.close();
}

describe('multi-step writes over HTTP are atomic (SQLite file)', () => {
  const path = join(tmpdir(), `grove-clubs-${randomUUID()}.sqlite`);
  let agent: TestAgent;
  let auth: { Authorization: string };
  let reader: Sequelize;
  const rows = (sql: string) => reader.query(sql, { type: QueryTypes.SELECT });
  const state = async () => ({
    people: await rows('SELECT * FROM people ORDER BY id'),
    passports: await rows('SELECT * FROM passports ORDER BY id'),
    clubs: await rows('SELECT * FROM clubs ORDER BY id'),
    memberships: await rows('SELECT * FROM memberships ORDER BY person_id, club_id'),
  });

  beforeAll(async () => {
    await createClubFile(path);
    reader = new Sequelize({ dialect: 'sqlite', storage: path, logging: false });
    agent = await startTestAgent(a => {
      a.addDataSource(createSqlDataSource(`sqlite:${path}`));
    });
    auth = { Authorization: `Bearer ${await agent.token()}` };
  });
  afterAll(async () => {
    await agent.stop();
    await reader.close();
    await rm(path, { force: true });
  });

  it('a create whose OneToOne link fails leaves no record', async () => {
    const before = await state();
    const response = await agent
      .http()
      .post(`/forest/people?${tz}`)
      .set(auth)
      .send({
        data: {
          type: 'people',
          attributes: { name: 'Linus' },
          relationships: { passport: { data: { type: 'passports', id: '2' } } },
        },
      });

    // The trigger's abort is a constraint violation of the second statement.
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toMatch(/constraint/);
    expect(await state()).toEqual(before);
  });

  it('a OneToOne re-link whose attach fails keeps the current link', async () => {
    const before = await state();
    const response = await agent
      .http()
      .put(`/forest/people/1/relationships/passport?${tz}`)
      .set(auth)
      .send({ data: { type: 'passports', id: '2' } });

    // The trigger's abort is a constraint violation of the second statement.
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toMatch(/constraint/);
    expect(await state()).toEqual(before);
  });

  it('a ManyToMany dissociate-and-delete whose delete fails keeps the links', async () => {
    const before = await state();
    const response = await agent
      .http()
      .delete(`/forest/people/1/relationships/clubs?${tz}&delete=true`)
      .set(auth)
      .send({ data: [{ type: 'clubs', id: '1' }] });

    // The trigger's abort is a constraint violation of the second statement.
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toMatch(/constraint/);
    expect(await state()).toEqual(before);
  });

  it('the same writes succeed when no statement fails', async () => {
    const relink = await agent
      .http()
      .put(`/forest/people/1/relationships/passport?${tz}`)
      .set(auth)
      .send({ data: { type: 'passports', id: '3' } });
    const dissociate = await agent
      .http()
      .delete(`/forest/people/1/relationships/clubs?${tz}&delete=true`)
      .set(auth)
      .send({ data: [{ type: 'clubs', id: '2' }] });

    expect([relink.status, dissociate.status]).toEqual([204, 204]);
    expect(await rows('SELECT id, person_id FROM passports WHERE person_id = 1')).toEqual([
      { id: 3, person_id: 1 },
    ]);
    expect(await rows('SELECT * FROM clubs ORDER BY id')).toEqual([{ id: 1, name: 'Permanent' }]);
  });
});

describe('concurrent writes over HTTP (SQLite file)', () => {
  let shop: SqlShop;
  let agent: TestAgent;
  let auth: { Authorization: string };

  beforeAll(async () => {
    shop = await createSqlShop(0);
    agent = await startTestAgent(a => {
      a.addDataSource(shop.factory());
    });
    auth = { Authorization: `Bearer ${await agent.token()}` };
    await agent.http().get(`/forest/customers/count?${tz}`).set(auth);
  });
  afterAll(async () => {
    await agent.stop();
    await shop.drop();
  });

  it('completes 20 concurrent POSTs and 20 concurrent PUTs, every row there', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Concurrent ${i}`);
    const created = await Promise.all(
      names.map(name =>
        agent
          .http()
          .post(`/forest/customers?${tz}`)
          .set(auth)
          .send({ data: { type: 'customers', attributes: { name, city: 'Nice' } } }),
      ),
    );
    expect(created.map(response => response.status)).toEqual(names.map(() => 200));
    const ids = created.map(response => String(response.body.data.id));
    expect(new Set(ids).size).toBe(20);

    const updated = await Promise.all(
      ids.map((id, i) =>
        agent
          .http()
          .put(`/forest/customers/${id}?${tz}`)
          .set(auth)
          .send({ data: { type: 'customers', id, attributes: { city: `City ${i}` } } }),
      ),
    );
    expect(updated.map(response => response.status)).toEqual(ids.map(() => 200));

    const reader = new Sequelize({ dialect: 'sqlite', storage: shop.path, logging: false });
    const stored = await reader.query(
      'SELECT id, name, city FROM customers WHERE id > 10 ORDER BY id',
      {
        type: QueryTypes.SELECT,
      },
    );
    await reader.close();
    expect(stored).toEqual(
      expect.arrayContaining(
        ids.map((id, i) => ({ id: Number(id), name: names[i], city: `City ${i}` })),
      ),
    );
    expect(stored).toHaveLength(20);
  });
});
