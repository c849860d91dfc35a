import { createSequelizeOidcAdapter } from '../../src/oidc/sequelize-oidc-adapter';
import { availableServers, createTestDatabase } from '../helpers/test-databases';
import type { TestDatabase } from '../helpers/test-databases';

describe.each(availableServers())('the OpenID provider storage on $name', server => {
  let database: TestDatabase;
  let adapter: ReturnType<ReturnType<typeof createSequelizeOidcAdapter>>;

  beforeAll(async () => {
    database = await createTestDatabase(server);
    adapter = createSequelizeOidcAdapter(database.db, {
      alreadyConsumed: model => new Error(`${model} already consumed`),
    })('AuthorizationCode');
  });
  afterAll(() => database.drop());

  it('finds a payload by id, uid, user code and forgets it by grant', async () => {
    await adapter.upsert('c1', { grantId: 'g1', uid: 'u1', userCode: 'UC1', accountId: '7' }, 60);

    expect(await adapter.find('c1')).toEqual({
      grantId: 'g1',
      uid: 'u1',
      userCode: 'UC1',
      accountId: '7',
    });
    expect(await adapter.findByUid('u1')).toEqual(expect.objectContaining({ accountId: '7' }));
    expect(await adapter.findByUserCode('UC1')).toEqual(
      expect.objectContaining({ accountId: '7' }),
    );
    await adapter.revokeByGrantId('g1');
    expect(await adapter.find('c1')).toBeUndefined();
  });

  it('lets exactly one of two racing consumers spend a code, and saving it again does not revive it', async () => {
    await adapter.upsert('c2', { grantId: 'g2' }, 60);
    const results = await Promise.allSettled([adapter.consume('c2'), adapter.consume('c2')]);

    expect(results.map(result => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    await adapter.upsert('c2', { grantId: 'g2' }, 60);
    expect(await adapter.find('c2')).toEqual({ grantId: 'g2', consumed: expect.any(Number) });
  });

  it('never returns an expired payload', async () => {
    await adapter.upsert('c3', { grantId: 'g3' }, 60);
    await database.db.models.OidcPayload.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { model: 'AuthorizationCode', id: 'c3' } },
    );

    expect(await adapter.find('c3')).toBeUndefined();
  });

  it('keeps models apart', async () => {
    const sessions = createSequelizeOidcAdapter(database.db, {
      alreadyConsumed: () => new Error(),
    })('Session');
    await adapter.upsert('same', { accountId: '1' }, 60);
    await sessions.upsert('same', { accountId: '2' }, 60);

    expect([
      (await adapter.find('same'))?.accountId,
      (await sessions.find('same'))?.accountId,
    ]).toEqual(['1', '2']);
  });

  it("copies the payload's account into account_id, and a signed-in interaction's", async () => {
    const interactions = createSequelizeOidcAdapter(database.db, {
      alreadyConsumed: () => new Error(),
    })('Interaction');
    await adapter.upsert('owned', { grantId: 'g4', accountId: '12' }, 60);
    await interactions.upsert('signed-in', { result: { login: { accountId: '13' } } }, 60);
    await interactions.upsert('anonymous', { params: { client_id: 'c' } }, 60);

    const rows = await database.db.models.OidcPayload.findAll({
      where: { id: ['owned', 'signed-in', 'anonymous'] },
      order: [['id', 'ASC']],
    });
    expect(rows.map(row => [row.id, row.accountId])).toEqual([
      ['anonymous', null],
      ['owned', '12'],
      ['signed-in', '13'],
    ]);
  });
});
