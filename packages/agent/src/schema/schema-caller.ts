import type { Caller } from '@grove/datasource-toolkit';

/**
 * The caller of the schema generation: no user is behind it, so it is a neutral system identity
 * in UTC. Only static forms are evaluated with it, and they run no handler.
 *
 * @example
 * ```ts
 * const form = await collection.getForm(schemaCaller, 'Mark as live');
 * ```
 */
export const schemaCaller: Caller = Object.freeze({
  id: 0,
  email: 'schema@grove.invalid',
  firstName: 'Grove',
  lastName: 'Schema',
  team: '',
  role: '',
  tags: Object.freeze({}),
  timezone: 'UTC',
});
