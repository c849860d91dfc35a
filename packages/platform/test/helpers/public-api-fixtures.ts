import { randomBytes } from 'node:crypto';

import { hashApiToken } from '@grove/public-api';
import type { PublicApiCaller, PublicApiEnvironment } from '@grove/public-api';

import { createPlatformPublicApiStore } from '../../src';
import type { Platform } from '../../src';

/** Creates an environment of a project directly (fixture). */
export async function addEnvironment(
  platform: Platform,
  projectId: number,
  name: string,
): Promise<PublicApiEnvironment> {
  const environment = await platform.context.db.models.Environment.create({
    projectId,
    name,
    secretHash: randomBytes(32).toString('hex'),
  });

  return { id: environment.id, name: environment.name };
}

/** Creates a user (fixture). */
export async function addUser(
  platform: Platform,
  email: string,
  firstName = 'Test',
  lastName = 'User',
): Promise<number> {
  const user = await platform.context.db.models.User.create({
    email,
    firstName,
    lastName,
    permissionLevel: 'user',
  });

  return user.id;
}

/** Makes a user a member of a project with a built-in role, and of teams (fixture). */
export async function addMembership(
  platform: Platform,
  projectId: number,
  userId: number,
  roleName: string,
  teamIds: readonly number[] = [],
): Promise<void> {
  const { models } = platform.context.db;
  const role = await models.Role.findOne({ where: { projectId, name: roleName, builtIn: true } });
  await models.ProjectMember.create({ projectId, userId, roleId: role!.id });
  for (const teamId of teamIds) await models.TeamMember.create({ teamId, userId });
}

/** Stores an API token for a user of a project and returns its value's hash (fixture). */
export async function addToken(
  platform: Platform,
  projectId: number,
  userId: number,
  overrides: { scopes?: string[]; level?: 'read-only' | 'read-write' } = {},
): Promise<{ hash: string; id: number }> {
  const hash = hashApiToken(`grove_${randomBytes(16).toString('hex')}`);
  const token = await platform.context.db.models.ApiToken.create({
    projectId,
    userId,
    name: `token ${hash.slice(0, 8)}`,
    tokenHash: hash,
    displayHint: 'grove_abcd…wxyz',
    level: overrides.level ?? 'read-write',
    scopes: overrides.scopes ?? ['all'],
  });

  return { hash, id: token.id };
}

/** The caller of a token, as the router would build it from `findToken` (fixture). */
export async function callerOf(platform: Platform, hash: string): Promise<PublicApiCaller> {
  const found = await createPlatformPublicApiStore(platform.context).findToken(hash);
  if (!found?.owner) throw new Error('The fixture token has no owner');

  return { token: found.token, owner: found.owner };
}

/** Counts the SQL queries `run` makes. */
export async function countQueries(
  platform: Platform,
  run: () => Promise<unknown>,
): Promise<number> {
  // Sequelize reads `options.logging` at each query; its type does not declare `options`.
  const { options } = platform.context.db.sequelize as unknown as {
    options: { logging: unknown };
  };
  const before = options.logging;
  let count = 0;
  options.logging = () => {
    count += 1;
  };
  try {
    await run();
  } finally {
    options.logging = before;
  }

  return count;
}
