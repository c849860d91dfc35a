import express, { Router } from 'express';
import request from 'supertest';
import { DataSourceCustomizer } from '@grove/datasource-customizer';
import { authSecret, startActionApp, tokenOf } from './action-test-app';
import { createLibrary } from './library';
import type { ActionApp } from './action-test-app';
import { authenticate } from '../../../src/http/middlewares/authenticate';
import { mountActions } from '../../../src/routes/actions/action-routes';

const ran: string[] = [];
const customize: Parameters<typeof startActionApp>[0]['customize'] = books =>
  books
    .addAction('Send 2 Emails!', { scope: 'Bulk', execute: () => void ran.push('emails') })
    .addAction('Zap', { scope: 'Global', execute: () => void ran.push('zap') })
    .addAction('Été', { scope: 'Global', execute: () => void ran.push('été') });

async function post(fixture: ActionApp, path: string) {
  return request(fixture.app)
    .post(`/forest${path}`)
    .query({ timezone: 'UTC' })
    .set('Authorization', `Bearer ${await tokenOf(1)}`)
    .send({ data: { attributes: { ids: ['1'] } } });
}

beforeEach(() => {
  ran.length = 0;
});

describe('action routes (docs/agent-protocol.md#action-routes)', () => {
  let fixture: ActionApp;
  beforeAll(async () => {
    fixture = await startActionApp({ customize });
  });
  afterAll(() => fixture.close());

  test('the index is the declaration order and the slug the lower-cased, dashed name', async () => {
    expect((await post(fixture, '/_actions/books/0/send-2-emails-')).status).toBe(200);
    expect((await post(fixture, '/_actions/books/1/zap')).status).toBe(200);
    expect((await post(fixture, '/_actions/books/2/-t-')).status).toBe(200);
    expect(ran).toEqual(['emails', 'zap', 'été']);
  });

  test.each([
    ['a wrong index', '/_actions/books/1/send-2-emails-'],
    ['an unknown slug', '/_actions/books/0/nope'],
    ['an unknown collection', '/_actions/films/0/send-2-emails-'],
    ['the path without index', '/_actions/books/zap'],
    ['an unknown hook', '/_actions/books/1/zap/hooks/submit'],
  ])('%s falls through to the next routes (404)', async (_case, path) => {
    const response = await post(fixture, path);

    expect(response.status).toBe(404);
    expect(ran).toEqual([]);
  });

  test('actions whose names give the same slug are told apart by their index', async () => {
    const customizer = new DataSourceCustomizer();
    customizer.addDataSource(async () => createLibrary());
    customizer.customizeCollection('books', books =>
      books
        .addAction('Zap!', { scope: 'Bulk', execute: () => void ran.push('Zap!') })
        .addAction('zap?', { scope: 'Bulk', execute: () => void ran.push('zap?') }),
    );
    const services = { ...fixture.services, dataSource: await customizer.getDataSource() };
    const router = Router();
    router.use(express.json(), authenticate(authSecret));
    mountActions(router, services);
    const app = express().use('/forest', router);

    for (const path of ['/forest/_actions/books/1/zap-', '/forest/_actions/books/0/zap-']) {
      await request(app)
        .post(path)
        .query({ timezone: 'UTC' })
        .set('Authorization', `Bearer ${await tokenOf(1)}`)
        .send({ data: { attributes: { ids: ['1'] } } })
        .expect(200);
    }
    expect(ran).toEqual(['zap?', 'Zap!']);
  });

  test('only POST is served', async () => {
    const response = await request(fixture.app)
      .get('/forest/_actions/books/1/zap')
      .set('Authorization', `Bearer ${await tokenOf(1)}`);

    expect(response.status).toBe(404);
  });
});

describe('action routes with useUnsafeActionEndpoint', () => {
  let fixture: ActionApp;
  beforeAll(async () => {
    fixture = await startActionApp({ customize, useUnsafeActionEndpoint: true });
  });
  afterAll(() => fixture.close());

  test('paths leave the index out', async () => {
    expect((await post(fixture, '/_actions/books/send-2-emails-')).status).toBe(200);
    expect((await post(fixture, '/_actions/books/zap/hooks/load')).status).toBe(200);
    expect((await post(fixture, '/_actions/books/1/zap')).status).toBe(404);
    expect(ran).toEqual(['emails']);
  });

  test('two actions of a collection with the same slug cannot be mounted', async () => {
    const customizer = new DataSourceCustomizer();
    customizer.addDataSource(async () => createLibrary());
    customizer.customizeCollection('books', books =>
      books
        .addAction('Zap!', { scope: 'Bulk', execute: () => {} })
        .addAction('zap?', { scope: 'Bulk', execute: () => {} }),
    );
    const services = { ...fixture.services, dataSource: await customizer.getDataSource() };

    expect(() => mountActions(Router(), services)).toThrow(
      'Actions "Zap!" and "zap?" on collection "books" resolve to the same endpoint slug "zap-". ' +
        'Rename one of them or disable useUnsafeActionEndpoint.',
    );
  });
});
