import { NotFoundError, type GroveError } from '@grove/datasource-toolkit';
import {
  ConnectionError,
  DatabaseError,
  ForeignKeyConstraintError,
  UniqueConstraintError,
} from 'sequelize';
import { mapDriverError } from '../../src/collection/map-driver-error';
import type { ColumnModel, TableModel } from '../../src/schema/table-model';

const model: TableModel = {
  name: 'products',
  isView: false,
  primaryKeys: ['id'],
  columns: new Map(
    ['id', 'name', 'price', 'unit_price'].map(name => [name, { name } as ColumnModel]),
  ),
};

/** A driver error as the driver raises it (the `parent` of Sequelize's errors). */
function driver(message: string, props: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), props);
}

/** Sequelize's DatabaseError typing wants its own parent type; the drivers' errors carry more. */
function databaseError(parent: Error): Error {
  return new DatabaseError(parent as ConstructorParameters<typeof DatabaseError>[0]);
}

function summary(error: GroveError) {
  return { code: error.code, message: error.message, data: error.data };
}

describe('mapDriverError: anything but a constraint is an unexpected error', () => {
  it.each([
    [
      'a lost PostgreSQL connection',
      new ConnectionError(driver('Connection terminated unexpectedly')),
    ],
    [
      'a MySQL deadlock',
      databaseError(
        driver('Deadlock found when trying to get lock; try restarting transaction', {
          errno: 1213,
          code: 'ER_LOCK_DEADLOCK',
        }),
      ),
    ],
    [
      'a table dropped under SQLite',
      databaseError(driver('SQLITE_ERROR: no such table: products', { code: 'SQLITE_ERROR' })),
    ],
    ['a thrown string', 'boom'],
  ])('%s → InternalServerError "Unexpected error", cause kept', (_, error) => {
    const mapped = mapDriverError(error, model, 'update');

    expect(summary(mapped)).toEqual({
      code: 'InternalServerError',
      message: 'Unexpected error',
      data: undefined,
    });
    expect(mapped.cause).toBe(error);
  });

  it('reads fail the same way (a list on a closed pool)', () => {
    const error = new ConnectionError(
      driver('ConnectionManager.getConnection was called after the connection manager was closed!'),
    );

    expect(mapDriverError(error, model, 'list').code).toBe('InternalServerError');
  });

  it('passes Grove errors through', () => {
    const error = new NotFoundError('gone');

    expect(mapDriverError(error, model, 'list')).toBe(error);
  });
});

describe('mapDriverError: constraint violations are ValidationErrors naming the field', () => {
  const checkMessage =
    "The query violates a check constraint in the database on 'products.price'. Please ensure that the value is allowed.";

  it.each([
    [
      'PostgreSQL (23514, generated name)',
      databaseError(
        driver('new row for relation "products" violates check constraint "products_price_check"', {
          code: '23514',
          constraint: 'products_price_check',
        }),
      ),
    ],
    [
      'SQLite (reported by Sequelize as a unique violation)',
      new UniqueConstraintError({
        parent: driver('SQLITE_CONSTRAINT: CHECK constraint failed: price > 0', {
          code: 'SQLITE_CONSTRAINT',
        }) as never,
      }),
    ],
    [
      'MariaDB (4025, inline check named after its column)',
      databaseError(
        driver('CONSTRAINT `price` failed for `shop`.`products`', {
          errno: 4025,
          code: 'ER_CONSTRAINT_FAILED',
        }),
      ),
    ],
  ])('a check violation on %s', (_, error) => {
    const mapped = mapDriverError(error, model, 'create');

    expect(summary(mapped)).toEqual({
      code: 'ValidationError',
      message: checkMessage,
      data: { fields: ['price'] },
    });
    expect(mapped.cause).toBe(error);
  });

  it('a check on a longer column name names that column only', () => {
    const error = databaseError(
      driver('violates check constraint', {
        code: '23514',
        constraint: 'products_unit_price_check',
      }),
    );

    expect(mapDriverError(error, model, 'update').data).toEqual({ fields: ['unit_price'] });
  });

  it('a check whose name names no column (MySQL 3819) names the collection', () => {
    const error = databaseError(
      driver("Check constraint 'products_chk_1' is violated.", { errno: 3819 }),
    );

    expect(summary(mapDriverError(error, model, 'update'))).toEqual({
      code: 'ValidationError',
      message:
        "The query violates a check constraint in the database on 'products'. Please ensure that the value is allowed.",
      data: { fields: [] },
    });
  });

  it('a unique violation (PostgreSQL detail)', () => {
    const error = new UniqueConstraintError({
      parent: driver('duplicate key value violates unique constraint "products_name_key"', {
        code: '23505',
        detail: 'Key (name)=(Atlas) already exists.',
      }) as never,
    });

    expect(summary(mapDriverError(error, model, 'create'))).toEqual({
      code: 'ValidationError',
      message:
        "The query violates a unicity constraint in the database on 'products.name'. Please ensure that you are not duplicating information across records.",
      data: { fields: ['name'] },
    });
  });

  it('a foreign key violation on delete', () => {
    const error = new ForeignKeyConstraintError({
      parent: driver('SQLITE_CONSTRAINT: FOREIGN KEY constraint failed') as never,
    });

    expect(mapDriverError(error, model, 'delete').message).toBe(
      'The query violates a foreign key constraint in the database. Please ensure that no records are linked to the one that you wish to delete.',
    );
  });

  it('a not-null violation (SQLite)', () => {
    const error = new UniqueConstraintError({
      parent: driver('SQLITE_CONSTRAINT: NOT NULL constraint failed: products.name') as never,
    });

    expect(summary(mapDriverError(error, model, 'create'))).toEqual({
      code: 'ValidationError',
      message: "The field 'products.name' cannot be null.",
      data: { fields: ['name'] },
    });
  });

  it.each([
    [
      'PostgreSQL 22001',
      databaseError(driver('value too long for type character varying(5)', { code: '22001' })),
      "A value of 'products' was refused by the database (too long, out of range or malformed).",
      [],
    ],
    [
      'MySQL 1406',
      databaseError(driver("Data too long for column 'name' at row 1", { errno: 1406 })),
      "A value of 'products.name' was refused by the database (too long, out of range or malformed).",
      ['name'],
    ],
  ])(
    'a value the database refuses (%s), without the driver message',
    (_, error, message, fields) => {
      expect(summary(mapDriverError(error, model, 'update'))).toEqual({
        code: 'ValidationError',
        message,
        data: { fields },
      });
    },
  );
});

describe("mapDriverError: the drivers' own errors (PostgreSQL and SQLite run without Sequelize)", () => {
  it.each([
    [
      'PostgreSQL 23505',
      driver('duplicate key value violates unique constraint "products_name_key"', {
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (name)=(Atlas) already exists.',
      }),
      'unicity',
      ['name'],
    ],
    [
      'SQLite UNIQUE',
      driver('SQLITE_CONSTRAINT: UNIQUE constraint failed: products.name, products.price', {
        code: 'SQLITE_CONSTRAINT',
      }),
      'unicity',
      ['name', 'price'],
    ],
    [
      'PostgreSQL 23503',
      driver('insert or update on table "products" violates foreign key constraint', {
        code: '23503',
        severity: 'ERROR',
        detail: 'Key (maker_id)=(9) is not present in table "makers".',
      }),
      'foreign key',
      ['maker_id'],
    ],
    [
      'SQLite FOREIGN KEY',
      driver('SQLITE_CONSTRAINT: FOREIGN KEY constraint failed', { code: 'SQLITE_CONSTRAINT' }),
      'foreign key',
      [],
    ],
  ])('%s', (_, error, kind, fields) => {
    const mapped = mapDriverError(error, model, 'create');

    expect(mapped).toMatchObject({ code: 'ValidationError', data: { fields } });
    expect(mapped.message).toContain(`violates a ${kind} constraint`);
    expect(mapped.cause).toBe(error);
  });

  it('a not-null violation (PostgreSQL 23502 names its column)', () => {
    const error = driver('null value in column "name" violates not-null constraint', {
      code: '23502',
      severity: 'ERROR',
      column: 'name',
    });

    expect(summary(mapDriverError(error, model, 'create'))).toEqual({
      code: 'ValidationError',
      message: "The field 'products.name' cannot be null.",
      data: { fields: ['name'] },
    });
  });

  it.each([
    [
      "SQLite, a trigger's RAISE(ABORT)",
      driver('SQLITE_CONSTRAINT: locked passport', { code: 'SQLITE_CONSTRAINT', errno: 19 }),
    ],
    [
      'PostgreSQL 23P01 (exclusion)',
      driver('conflicting key value violates exclusion constraint "no_overlap"', {
        code: '23P01',
        severity: 'ERROR',
      }),
    ],
  ])("%s: any other constraint, Grove's own message, no field", (_, error) => {
    expect(summary(mapDriverError(error, model, 'update'))).toEqual({
      code: 'ValidationError',
      message:
        "The query violates a constraint in the database on 'products'. Please ensure that the values are allowed.",
      data: { fields: [] },
    });
  });

  it('anything else is "Unexpected error", the message kept as the cause only', () => {
    const error = driver('relation "secret_table" does not exist', {
      code: '42P01',
      severity: 'ERROR',
    });

    expect(summary(mapDriverError(error, model, 'list'))).toEqual({
      code: 'InternalServerError',
      message: 'Unexpected error',
      data: undefined,
    });
  });
});
