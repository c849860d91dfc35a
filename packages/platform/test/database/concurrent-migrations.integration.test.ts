import { randomBytes } from 'node:crypto';

import { describeOrSkip, missingEnv } from '@grove/datasource-toolkit/testing';
import { Sequelize } from 'sequelize';

import { MIGRATIONS_TABLE, openPlatformDatabase } from '../../src';

const url = process.env.POSTGRES_URL;

/**
 * Several platform processes may start together on one empty PostgreSQL database: they migrate
 * one after the other (an advisory lock), so none fails on a table another is creating and each
 * migration is recorded once.
 */
describeOrSkip(
  missingEnv('POSTGRES_URL'),
  'platform processes starting together on PostgreSQL',
  () => {
    const schema = `grove_platform_${randomBytes(6).toString('hex')}`;
    let admin: Sequelize;

    beforeAll(async () => {
      admin = new Sequelize(url as string, { logging: false });
      await admin.query(`CREATE SCHEMA ${schema}`);
    });
    afterAll(async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    });

    it('opens three databases at once on an empty schema, migrating it once', async () => {
      const databases = await Promise.all(
        [1, 2, 3].map(() => openPlatformDatabase({ url: url as string, schema })),
      );
      const [rows] = await admin.query(`SELECT name FROM ${schema}.${MIGRATIONS_TABLE}`);
      await Promise.all(databases.map(db => db.close()));

      expect(rows).toEqual([
        { name: '0001-initial-tables' },
        { name: '0002-login-and-approvals' },
        { name: '0003-environment-secret-ciphertext' },
        { name: '0004-public-api-and-workflows' },
        { name: '0005-must-change-password' },
        { name: '0006-hosted-agents' },
        { name: '0007-member-levels-and-tags' },
        { name: '0008-oidc-payload-accounts' },
      ]);
    });
  },
);
