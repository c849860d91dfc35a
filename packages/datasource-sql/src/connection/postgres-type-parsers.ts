import { parseTimestamptz } from './parse-timestamptz';

type Parser = (value: string) => unknown;

/** What the type parsers use of `pg`: its own parsers and its array parser. */
export interface PgTypes {
  getTypeParser(oid: number, format?: string): unknown;
  readonly arrayParser: { create(source: string, transform: Parser): { parse(): unknown[] } };
}

/** The catalogue facts the parsers need: array types whose elements stay text. */
export interface PostgresTypeCatalogue {
  /** Array types of enums and of `citext` (read from `pg_type` on the first connection). */
  readonly textArrayOids: ReadonlySet<number>;
}

/** `date`, `date[]` and `timestamptz`. */
const DATE = 1082;
const DATE_ARRAY = 1182;
const TIMESTAMPTZ = 1184;

/** A `date` as the server writes it (`2024-03-01`), `±infinity` as numbers. */
function parseDateOnly(value: string): unknown {
  if (value === 'infinity') return Infinity;
  if (value === '-infinity') return -Infinity;

  return value;
}

/**
 * The catalogue query of {@link postgresTypeParsers}: the array types of enums and of `citext`.
 * Run once, on the pool's first connection.
 */
export const postgresTypeCatalogueQuery =
  "SELECT typarray FROM pg_type WHERE (typtype = 'e' OR typname = 'citext') AND typarray <> 0";

/**
 * The values `pg` hands back for each column type, as the data source reads them: `pg`'s own
 * parsers, except that a `date` stays its `YYYY-MM-DD` text (a `Date` would place it at midnight
 * of the process's zone) and arrays of dates, enums and `citext` are arrays of their texts (`pg`
 * leaves an array type it does not know as the server's `{a,b}` literal). These are the values
 * Sequelize's parsers gave, which every query of the data source was written against. A
 * `timestamptz` of the usual shape is read by `parseTimestamptz` (the same `Date`, without
 * `pg`'s regular expressions), any other by `pg`'s parser.
 *
 * @example
 * ```ts
 * const types = postgresTypeParsers(pg.types, { textArrayOids: new Set([16390]) });
 * new pg.Pool({ types });
 * ```
 */
export function postgresTypeParsers(
  types: PgTypes,
  catalogue: PostgresTypeCatalogue,
): { getTypeParser(oid: number, format?: string): unknown } {
  const textArray: Parser = value => types.arrayParser.create(value, text => text).parse();
  const dateArray: Parser = value => types.arrayParser.create(value, parseDateOnly).parse();
  const pgTimestamptz = types.getTypeParser(TIMESTAMPTZ) as Parser;
  const timestamptz: Parser = value => parseTimestamptz(value) ?? pgTimestamptz(value);

  return {
    getTypeParser(oid, format) {
      if (format !== 'binary') {
        if (oid === DATE) return parseDateOnly;
        if (oid === DATE_ARRAY) return dateArray;
        if (oid === TIMESTAMPTZ) return timestamptz;
        if (catalogue.textArrayOids.has(oid)) return textArray;
      }

      return types.getTypeParser(oid, format);
    },
  };
}
