import { DataTypes } from 'sequelize';

import type { PlatformMigration } from './platform-migration';

/**
 * Version 3: `environments.secret_ciphertext`, the env secret encrypted (AES-256-GCM) with the
 * platform's secret key, to sign approval requests (spec §4.4). Null for environments created
 * before: filled the next time their agent authenticates, or when their secret is regenerated.
 */
export const environmentSecretCiphertext: PlatformMigration = {
  name: '0003-environment-secret-ciphertext',
  async up(queryInterface) {
    await queryInterface.addColumn('environments', 'secret_ciphertext', {
      type: DataTypes.STRING(255),
      allowNull: true,
    });
  },
  async down(queryInterface) {
    await queryInterface.removeColumn('environments', 'secret_ciphertext');
  },
};
