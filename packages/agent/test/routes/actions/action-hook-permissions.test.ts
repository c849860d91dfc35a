import request from 'supertest';
import { startActionApp, tokenOf } from './action-test-app';
import type { ActionApp } from './action-test-app';

let fixture: ActionApp;

beforeAll(async () => {
  fixture = await startActionApp({
    customize: books =>
      books
        .addAction('Ship', {
          scope: 'Single',
          form: [{ type: 'String', label: 'City', defaultValue: 'Paris' }],
          execute: () => {},
        })
        .addAction('Review', {
          scope: 'Bulk',
          form: [{ type: 'Number', label: 'Grade', defaultValue: 3 }],
          execute: () => {},
        }),
  });
});
afterAll(() => fixture.close());
beforeEach(() => fixture.reset());

async function hook(
  path: string,
  attributes: Record<string, unknown>,
  options: { user?: number; query?: Record<string, string> } = {},
) {
  return request(fixture.app)
    .post(`/forest/_actions/books/${path}`)
    .query(options.query ?? { timezone: 'Europe/Paris' })
    .set('Authorization', `Bearer ${await tokenOf(options.user ?? 1)}`)
    .send({ data: { attributes } });
}

describe('hooks: permission (docs/agent-protocol.md#form-hooks)', () => {
  const forbidden = {
    errors: [{ name: 'ForbiddenError', detail: 'Unexpected error', status: 403 }],
  };

  beforeEach(() => {
    fixture.state.environment = {
      collections: {
        books: {
          collection: {},
          actions: {
            Ship: { triggerEnabled: { roles: [2] } },
            Review: {
              triggerEnabled: { roles: [1] },
              triggerConditions: [
                { roleId: 1, filter: { field: 'id', operator: 'Equal', value: 99 } },
              ],
            },
          },
        },
      },
    };
  });

  test.each(['load', 'change', 'search'])('%s needs the trigger permission', async kind => {
    const response = await hook(`0/ship/hooks/${kind}`, {
      ids: ['1'],
      fields: [],
      search_field: 'City',
    });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(forbidden);
  });

  test('the permission is checked before the timezone', async () => {
    const response = await hook('0/ship/hooks/load', { ids: ['1'] }, { query: {} });

    expect(response.status).toBe(403);
    expect(response.body).toEqual(forbidden);
  });

  test('trigger conditions are not evaluated by hooks', async () => {
    const response = await hook('1/review/hooks/load', { ids: ['1'] });

    expect(response.status).toBe(200);
    expect(response.body.fields[0].value).toBe(3);
  });

  test('a role with trigger loads the form', async () => {
    const response = await hook('0/ship/hooks/load', { ids: ['1'] }, { user: 2 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      fields: [{ field: 'City', label: 'City', type: 'String', value: 'Paris' }],
      layout: [],
    });
  });
});
