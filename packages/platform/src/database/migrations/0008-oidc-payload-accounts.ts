import type { PlatformMigration } from './platform-migration';

/** Rows are backfilled this many at a time. */
const BATCH = 500;

/**
 * The account of a stored payload as of version 8, frozen here: the adapter's
 * `payloadAccountId` (src/oidc/payload-account-id.ts) may change later, a released migration
 * may not (and the database layer imports no feature).
 */
function accountIdAtVersion8(payload: Readonly<Record<string, unknown>>): string | null {
  const login = (payload.result as { login?: { accountId?: unknown } } | undefined)?.login;
  const accountId = payload.accountId ?? login?.accountId;

  return typeof accountId === 'string' && accountId !== '' ? accountId.slice(0, 255) : null;
}

/**
 * Version 8: `oidc_payloads.account_id` (indexed), the user an object of the OpenID provider
 * belongs to, copied out of its payload by the adapter, so that a password change, a removal
 * from a project or a demotion ends that user's provider sessions, grants and tokens
 * (docs/decisions.md#d32-a-change-of-credentials-or-standing-ends-oauth-sessions). Existing rows
 * are filled from their payload here, in JS: the JSON functions differ between SQLite and
 * PostgreSQL.
 */
export const oidcPayloadAccounts: PlatformMigration = {
  name: '0008-oidc-payload-accounts',
  async up(queryInterface) {
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL (see 0003).
    const { sequelize } = queryInterface;
    await sequelize.query('ALTER TABLE oidc_payloads ADD COLUMN account_id VARCHAR(255)');
    await sequelize.query('CREATE INDEX oidc_payloads_account ON oidc_payloads (account_id)');
    for (let offset = 0; ; offset += BATCH) {
      const [rows] = (await sequelize.query(
        'SELECT model, id, payload FROM oidc_payloads ORDER BY model, id LIMIT :limit OFFSET :offset',
        { replacements: { limit: BATCH, offset } },
      )) as [{ model: string; id: string; payload: unknown }[], unknown];
      for (const row of rows) {
        const payload: unknown =
          typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
        const accountId =
          payload && typeof payload === 'object'
            ? accountIdAtVersion8(payload as Record<string, unknown>)
            : null;
        if (accountId === null) continue;
        await sequelize.query(
          'UPDATE oidc_payloads SET account_id = :accountId WHERE model = :model AND id = :id',
          { replacements: { accountId, model: row.model, id: row.id } },
        );
      }
      if (rows.length < BATCH) break;
    }
  },
  async down(queryInterface) {
    const { sequelize } = queryInterface;
    await sequelize.query('DROP INDEX oidc_payloads_account');
    await sequelize.query('ALTER TABLE oidc_payloads DROP COLUMN account_id');
  },
};
