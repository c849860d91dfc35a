import type { ActivityLogItem, AdminLogItem } from '../../src';
import type { InMemoryPublicApiStore } from './in-memory-public-api-store';

const user = (id: number, email: string) => ({
  object: 'user' as const,
  id,
  username: email.split('@')[0]!,
  email,
});

/** An activity log row of the wire, with an id of digits like the platform's. */
export function activityLog(
  id: number,
  createdAt: string,
  overrides: Partial<ActivityLogItem> = {},
): ActivityLogItem {
  return {
    object: 'activityLog',
    id: String(id),
    type: 'write',
    action: 'update',
    createdAt,
    user: user(7, 'ada@acme.test'),
    environment: { object: 'environment', name: 'production' },
    team: { object: 'team', name: 'Operations' },
    collection: { object: 'collection', name: 'orders' },
    recordIds: [String(100 + id)],
    source: 'ui',
    status: 'completed',
    ...overrides,
  };
}

/** An admin log row of the wire. */
export function adminLog(
  id: number,
  createdAt: string,
  overrides: Partial<AdminLogItem> = {},
): AdminLogItem {
  return {
    object: 'adminLog',
    id: String(id),
    type: 'update',
    resource: 'team',
    initiator: 'administrator',
    createdAt,
    user: user(7, 'ada@acme.test'),
    previousValue: { name: 'Managers' },
    newValue: { name: 'Managers UK' },
    ...overrides,
  };
}

/** Project 1 "Acme" with "production" and "staging"; project 2 "Other" with "production". */
export function seedProjects(store: InMemoryPublicApiStore) {
  return {
    production: store.addEnvironment(1, 'production'),
    staging: store.addEnvironment(1, 'staging'),
    otherProduction: store.addEnvironment(2, 'production'),
  };
}
