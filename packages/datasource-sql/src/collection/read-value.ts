import type { ColumnModel } from '../schema/table-model';

const maxExactDigits = 15;

/**
 * A numeric driver value as a JS number when that loses nothing, else as its exact decimal
 * string: BIGINT and DECIMAL values beyond 15 significant digits stay strings (they still
 * compare and sort as numbers in SQL, which does all filtering).
 *
 * @example
 * ```ts
 * readNumber('12.50'); // 12.5
 * readNumber('9007199254740993'); // '9007199254740993'
 * ```
 */
export function readNumber(value: unknown): number | string {
  if (typeof value === 'number') return value;
  const text = String(value);
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  const significant = text.includes('.') ? digits.replace(/0+$/, '') : digits;

  const exact = significant.length <= maxExactDigits || Number.isSafeInteger(Number(text));

  return exact && !Number.isNaN(Number(text)) ? Number(text) : text;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function readPoint(value: unknown): unknown {
  const parsed = parseJson(value) as { x?: number; y?: number; coordinates?: number[] } | number[];
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed.x === 'number') return [parsed.x, parsed.y];
  if (parsed?.coordinates) return [...parsed.coordinates];

  return parsed;
}

/**
 * Converts what a driver returned for a column into Grove's representation: instants as UTC
 * ISO strings, calendar dates as `YYYY-MM-DD`, booleans, parsed JSON, points as `[x, y]`,
 * numbers per {@link readNumber}.
 *
 * @example
 * ```ts
 * readValue(new Date(0), dateColumn); // '1970-01-01T00:00:00.000Z'
 * ```
 */
export function readValue(value: unknown, column: ColumnModel): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(column.columnType)) return parseJson(value);
  switch (column.columnType) {
    case 'Number':
      return readNumber(typeof value === 'bigint' ? value.toString() : value);
    case 'Date': {
      if (value instanceof Date) return value.toISOString();
      const text = String(value);
      const date = new Date(
        /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`,
      );

      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    case 'Dateonly':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case 'Boolean':
      return typeof value === 'boolean' ? value : Number(value) !== 0;
    case 'Json':
      return parseJson(value);
    case 'Point':
      return readPoint(value);
    case 'Binary':
      return value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value) : value;
    default:
      return typeof value === 'bigint' ? value.toString() : value;
  }
}
