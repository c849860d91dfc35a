import { types } from 'pg';
import { postgresTypeParsers, type PgTypes } from '../../src/connection/postgres-type-parsers';

const TIMESTAMPTZ = 1184;

describe('postgresTypeParsers: timestamptz', () => {
  const pgTimestamptz = jest.fn((text: string) => `pg:${text}`);
  const pgTypes: PgTypes = {
    getTypeParser: (oid, format) =>
      oid === TIMESTAMPTZ && format !== 'binary' ? pgTimestamptz : types.getTypeParser(oid),
    arrayParser: (types as unknown as PgTypes).arrayParser,
  };
  const parse = postgresTypeParsers(pgTypes, { textArrayOids: new Set() }).getTypeParser(
    TIMESTAMPTZ,
    'text',
  ) as (text: string) => unknown;

  beforeEach(() => pgTimestamptz.mockClear());

  it("reads the usual shape itself, without pg's parser", () => {
    expect(parse('2024-03-31 01:30:00.25+02')).toEqual(new Date('2024-03-30T23:30:00.250Z'));
    expect(pgTimestamptz).not.toHaveBeenCalled();
  });

  it("hands any other text to pg's parser", () => {
    expect(parse('infinity')).toBe('pg:infinity');
    expect(parse('0044-03-15 12:00:00+00 BC')).toBe('pg:0044-03-15 12:00:00+00 BC');
    expect(pgTimestamptz).toHaveBeenCalledTimes(2);
  });
});
