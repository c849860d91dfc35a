import { initialTables } from './0001-initial-tables';
import { loginAndApprovals } from './0002-login-and-approvals';
import { environmentSecretCiphertext } from './0003-environment-secret-ciphertext';
import { publicApiAndWorkflows } from './0004-public-api-and-workflows';
import { mustChangePassword } from './0005-must-change-password';
import { hostedAgents } from './0006-hosted-agents';
import { memberLevelsAndTags } from './0007-member-levels-and-tags';
import { oidcPayloadAccounts } from './0008-oidc-payload-accounts';
import type { PlatformMigration } from './platform-migration';

/** Every migration of the platform, oldest first. Append new versions; never reorder. */
export const platformMigrations: readonly PlatformMigration[] = [
  initialTables,
  loginAndApprovals,
  environmentSecretCiphertext,
  publicApiAndWorkflows,
  mustChangePassword,
  hostedAgents,
  memberLevelsAndTags,
  oidcPayloadAccounts,
];
