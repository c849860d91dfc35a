import express from 'express';
import request from 'supertest';
import { memoizeQuery } from '../../../src/http/middlewares/memoize-query';

function appReading(withMemo: boolean): express.Express {
  const app = express();
  if (withMemo) app.use(memoizeQuery);
  app.get('/', (req, res) => {
    const first = req.query;
    res.json({ same: first === req.query, query: req.query });
  });

  return app;
}

describe('memoizeQuery', () => {
  it('parses the query string once: every read answers the same object', async () => {
    const response = await request(appReading(true)).get('/?timezone=Europe%2FParis&search=a');

    expect(response.body).toEqual({
      same: true,
      query: { timezone: 'Europe/Paris', search: 'a' },
    });
  });

  it("is needed: Express's own getter parses again on every read", async () => {
    const response = await request(appReading(false)).get('/?timezone=UTC');

    expect(response.body).toEqual({ same: false, query: { timezone: 'UTC' } });
  });
});
