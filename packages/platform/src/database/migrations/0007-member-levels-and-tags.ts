import type { PlatformMigration } from './platform-migration';

/**
 * Version 7: `project_members.permission_level` and `project_members.tags`, the permission level
 * and tags a user has in one project (docs/decisions.md#d26-permission-level-and-tags-per-project).
 * Existing memberships are given the values their user had until now, so that no agent sees a
 * change; a null (a membership written without them, by the operator's own code) means the
 * account's own values, which no project's Admin can change.
 */
export const memberLevelsAndTags: PlatformMigration = {
  name: '0007-member-levels-and-tags',
  async up(queryInterface) {
    // Raw SQL: `addColumn` qualifies the table with `public` on PostgreSQL (see 0003).
    const { sequelize } = queryInterface;
    await sequelize.query('ALTER TABLE project_members ADD COLUMN permission_level VARCHAR(16)');
    await sequelize.query('ALTER TABLE project_members ADD COLUMN tags JSON');
    await sequelize.query(
      `UPDATE project_members SET
         permission_level = (SELECT users.permission_level FROM users WHERE users.id = project_members.user_id),
         tags = (SELECT users.tags FROM users WHERE users.id = project_members.user_id)`,
    );
  },
  async down(queryInterface) {
    const { sequelize } = queryInterface;
    await sequelize.query('ALTER TABLE project_members DROP COLUMN tags');
    await sequelize.query('ALTER TABLE project_members DROP COLUMN permission_level');
  },
};
