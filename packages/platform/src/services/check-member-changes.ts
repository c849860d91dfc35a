import { ValidationError } from '@grove/datasource-toolkit';

import type { PermissionLevel } from '../database/models/platform-models';

const LEVELS: readonly PermissionLevel[] = ['admin', 'developer', 'editor', 'user'];

/**
 * Checks a permission level (`admin`, `developer`, `editor`, `user`, lower case as the agent
 * compares them, docs/platform-protocol.md#users).
 *
 * @example
 * ```ts
 * checkPermissionLevel('editor'); // 'editor'
 * ```
 */
export function checkPermissionLevel(value: unknown): PermissionLevel {
  if (!LEVELS.includes(value as PermissionLevel)) {
    throw new ValidationError(`permissionLevel is one of ${LEVELS.join(', ')}`);
  }

  return value as PermissionLevel;
}

/**
 * Checks user tags: a flat object of at most 50 texts (keys up to 255 characters, values up to
 * 1024), the shape `{{currentUser.tags.x}}` reads.
 *
 * @example
 * ```ts
 * checkTags({ region: 'EU' });
 * ```
 */
export function checkTags(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('tags must be an object of texts');
  }
  const entries = Object.entries(value);
  if (entries.length > 50) throw new ValidationError('At most 50 tags');
  for (const [key, tag] of entries) {
    if (key === '' || key.length > 255 || typeof tag !== 'string' || tag.length > 1024) {
      throw new ValidationError(`Tag ${JSON.stringify(key.slice(0, 50))}: a text value`);
    }
  }

  return Object.fromEntries(entries);
}

/** The permission level a built-in role suggests for a new user (`user` for custom roles). */
export function levelOfRole(role: { name: string; builtIn: boolean }): PermissionLevel {
  const level = role.name.toLowerCase() as PermissionLevel;

  return role.builtIn && LEVELS.includes(level) ? level : 'user';
}

/** Checks an email address: a text of at most 320 characters shaped like `local@domain`. */
export function checkEmail(value: unknown): string {
  if (
    typeof value !== 'string' ||
    value.length > 320 ||
    !/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(value.trim())
  ) {
    throw new ValidationError('A valid email is required');
  }

  return value.trim();
}
