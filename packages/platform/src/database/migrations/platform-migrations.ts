import { initialTables } from './0001-initial-tables';
import type { PlatformMigration } from './platform-migration';

/** Every migration of the platform, oldest first. Append new versions; never reorder. */
export const platformMigrations: readonly PlatformMigration[] = [initialTables];
