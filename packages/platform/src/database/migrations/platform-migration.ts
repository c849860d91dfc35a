import type { QueryInterface } from 'sequelize';

/**
 * One version of the platform's tables. Migrations are listed in order in
 * `platform-migrations.ts` (not globbed from disk, so that the bundled build carries them) and
 * never edited once released: a change is a new version.
 */
export interface PlatformMigration {
  /** `<4-digit version>-<what it does>`, stored in the `grove_platform_migrations` table. */
  readonly name: string;
  readonly up: (queryInterface: QueryInterface) => Promise<void>;
  readonly down: (queryInterface: QueryInterface) => Promise<void>;
}
