import type { PlatformMigration } from './platform-migration';

/**
 * Version 5: `users.must_change_password`, set for a user whose password was handed out once
 * (the generated first-start password): the console asks them to choose their own before
 * anything else, and the admin API refuses everything else until they do.
 */
export const mustChangePassword: PlatformMigration = {
  name: '0005-must-change-password',
  async up(queryInterface) {
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL (see 0003). Existing
    // users chose their password already (or were given one by the operator): false.
    await queryInterface.sequelize.query(
      'ALTER TABLE users ADD COLUMN must_change_password BOOLEAN NOT NULL DEFAULT false',
    );
  },
  async down(queryInterface) {
    await queryInterface.sequelize.query('ALTER TABLE users DROP COLUMN must_change_password');
  },
};
