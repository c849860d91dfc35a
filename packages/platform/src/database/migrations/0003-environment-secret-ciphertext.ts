import type { PlatformMigration } from './platform-migration';

/**
 * Version 3: `environments.secret_ciphertext`, the env secret encrypted (AES-256-GCM) with the
 * platform's secret key, to sign approval requests (docs/platform-protocol.md#approvals). Null for
 * environments created before: filled the next time their agent authenticates, or when their secret
 * is regenerated.
 */
export const environmentSecretCiphertext: PlatformMigration = {
  name: '0003-environment-secret-ciphertext',
  async up(queryInterface) {
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL, where the platform's
    // tables may live in another schema (found through the connection's search_path).
    await queryInterface.sequelize.query(
      'ALTER TABLE environments ADD COLUMN secret_ciphertext VARCHAR(255) NULL',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE environments DROP COLUMN secret_ciphertext');
  },
};
