import type { Caller } from '../../interfaces/caller';

/**
 * The caller of the library tests: Ada Lovelace, admin of team `Ops`, in the Europe/Paris
 * timezone (so that date tests cross a day boundary UTC does not have).
 *
 * @example
 * ```ts
 * const books = dataSource.getCollection('books');
 * const rows = await books.list(libraryCaller, new PaginatedFilter(), new Projection('id'));
 * ```
 */
export const libraryCaller: Caller = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  team: 'Ops',
  role: 'Admin',
  tags: {},
  timezone: 'Europe/Paris',
};
