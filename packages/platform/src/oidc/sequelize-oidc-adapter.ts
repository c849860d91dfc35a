import type { Adapter, AdapterPayload } from 'oidc-provider';
import { Op } from 'sequelize';

import type { PlatformDatabase } from '../database/platform-database';
import { payloadAccountId } from './payload-account-id';

/** What the adapter needs besides the database. */
export interface SequelizeOidcAdapterOptions {
  /**
   * Answers `find` for models that are not stored (the initial access tokens, which are the
   * environments' secrets): return the payload, or undefined for an unknown value.
   */
  readonly virtualModels?: Readonly<
    Record<string, (id: string) => Promise<AdapterPayload | undefined>>
  >;
  /** Thrown when a single-use object (code, device code) was consumed by someone else first. */
  readonly alreadyConsumed: (model: string) => Error;
  /** Expired rows are deleted at most this often (ms), on a write. Default 10 minutes. */
  readonly purgeIntervalMs?: number;
}

const epoch = (date: Date) => Math.floor(date.getTime() / 1000);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The storage of oidc-provider over the `oidc_payloads` table: one row per (model, id), with the
 * lookup columns (`grant_id`, `user_code`, `uid`, `account_id`) copied out of the payload. Expired rows are never
 * returned, and purged now and then. `consume` is atomic (`UPDATE … WHERE consumed_at IS NULL`):
 * of two exchanges of one code racing, exactly one wins, the other gets `alreadyConsumed`.
 *
 * @example
 * ```ts
 * new Provider(issuer, { adapter: createSequelizeOidcAdapter(db, { alreadyConsumed }) });
 * ```
 */
export function createSequelizeOidcAdapter(
  db: PlatformDatabase,
  options: SequelizeOidcAdapterOptions,
): (model: string) => Adapter {
  const { OidcPayload } = db.models;
  const purgeIntervalMs = options.purgeIntervalMs ?? 10 * 60_000;
  let lastPurge = Date.now();

  async function purgeNowAndThen(): Promise<void> {
    if (Date.now() - lastPurge < purgeIntervalMs) return;
    lastPurge = Date.now();
    await OidcPayload.destroy({ where: { expiresAt: { [Op.lt]: new Date() } } });
  }

  async function findOne(where: Record<string, string>): Promise<AdapterPayload | undefined> {
    const row = await OidcPayload.findOne({ where });
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;

    return {
      ...(row.payload as AdapterPayload),
      ...(row.consumedAt ? { consumed: epoch(row.consumedAt) } : {}),
    };
  }

  return model => {
    const virtual = options.virtualModels?.[model];

    return {
      async upsert(id, payload, expiresIn) {
        if (virtual) throw new Error(`${model} objects are not stored`);
        // consumed_at is not written: saving an object again never makes it usable again.
        await OidcPayload.upsert({
          model,
          id,
          payload: payload,
          grantId: text(payload.grantId),
          userCode: text(payload.userCode),
          uid: text(payload.uid),
          accountId: payloadAccountId(payload),
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        });
        await purgeNowAndThen();
      },
      find: id => (virtual ? virtual(id) : findOne({ model, id })),
      findByUserCode: userCode => findOne({ model, userCode }),
      findByUid: uid => findOne({ model, uid }),
      async consume(id) {
        const [updated] = await OidcPayload.update(
          { consumedAt: new Date() },
          { where: { model, id, consumedAt: null } },
        );
        if (updated === 0) throw options.alreadyConsumed(model);
      },
      async destroy(id) {
        await OidcPayload.destroy({ where: { model, id } });
      },
      async revokeByGrantId(grantId) {
        await OidcPayload.destroy({ where: { model, grantId } });
      },
    };
  };
}
