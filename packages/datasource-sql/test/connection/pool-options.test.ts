import { defaultPoolMax, poolOptions } from '../../src/connection/pool-options';

describe('poolOptions', () => {
  it.each(['postgres', 'mysql', 'mariadb'] as const)(
    'opens at most %s 10 connections when max is not given',
    dialect => {
      expect(defaultPoolMax).toBe(10);
      expect(poolOptions(dialect, undefined)).toEqual({ max: 10 });
      expect(poolOptions(dialect, { min: 2, idle: 5000 })).toEqual({ min: 2, idle: 5000, max: 10 });
    },
  );

  it("keeps the user's max", () => {
    expect(poolOptions('postgres', { max: 4 })).toEqual({ max: 4 });
  });

  it("leaves SQLite's options as given", () => {
    expect(poolOptions('sqlite', undefined)).toBeUndefined();
    expect(poolOptions('sqlite', { max: 1 })).toEqual({ max: 1 });
  });
});
