import type { RecordData } from '../../interfaces/record';
import type { ColumnType } from '../../interfaces/schema';
import type { ConformanceFixture } from '../fixture/fixture-types';

/**
 * Brings a value a data source returned to one comparable form per column type, so that drivers
 * may differ in representation but not in meaning: instants → UTC ISO strings, calendar dates →
 * `YYYY-MM-DD`, numbers (decimal strings too) → numbers, binaries → hex, booleans (0/1 too) →
 * booleans, points → `[x, y]`, times → `HH:MM:SS`, uuids → lower case, JSON text → parsed.
 *
 * @example
 * ```ts
 * normalizeColumnValue(new Date('2024-01-01T00:00:00Z'), 'Date'); // '2024-01-01T00:00:00.000Z'
 * normalizeColumnValue('12.50', 'Number'); // 12.5
 * ```
 */
export function normalizeColumnValue(value: unknown, columnType: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(columnType)) {
    const items = typeof value === 'string' ? parseJson(value) : value;

    return Array.isArray(items)
      ? items.map(item => normalizeColumnValue(item, columnType[0]))
      : items;
  }
  if (typeof columnType !== 'string') return typeof value === 'string' ? parseJson(value) : value;

  switch (columnType) {
    case 'Date': {
      const date = value instanceof Date ? value : new Date(value as string | number);

      return Number.isNaN(date.getTime()) ? value : date.toISOString();
    }
    case 'Dateonly':
      return value instanceof Date
        ? value.toISOString().substring(0, 10)
        : String(value).substring(0, 10);
    case 'Number':
      return typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value;
    case 'Binary':
      return value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value;
    case 'Boolean':
      return typeof value === 'number' ? value !== 0 : value;
    case 'Point':
      return normalizePoint(value);
    case 'Time':
    case 'Timeonly':
      return typeof value === 'string' ? value.substring(0, 8) : value;
    case 'Uuid':
      return typeof value === 'string' ? value.toLowerCase() : value;
    case 'Json':
      return typeof value === 'string' ? parseJson(value) : value;
    default:
      return value;
  }
}

/**
 * Normalizes a record of a fixture collection: each column by its type, each nested to-one
 * relation recursively (a missing one stays `null`). Keys are kept as returned.
 *
 * @example
 * ```ts
 * normalizeRecord(conformanceFixture, 'books', { id: '1', author: { name: 'Ada' } });
 * // { id: 1, author: { name: 'Ada' } }
 * ```
 */
export function normalizeRecord(
  fixture: ConformanceFixture,
  collection: string,
  record: RecordData | null,
): RecordData | null {
  if (record === null || record === undefined) return null;
  const fields = fixture.collections[collection]?.fields ?? {};

  return Object.fromEntries(
    Object.entries(record).map(([name, value]) => {
      const field = fields[name];
      if (!field) return [name, value];
      if (field.type === 'Column') return [name, normalizeColumnValue(value, field.columnType)];

      return [name, normalizeRecord(fixture, field.foreignCollection, value as RecordData | null)];
    }),
  );
}

function normalizePoint(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(Number);
  if (typeof value === 'object' && value !== null && 'x' in value && 'y' in value) {
    return [Number(value.x), Number(value.y)];
  }
  if (typeof value === 'string') {
    const parts = /^\(?\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*\)?$/.exec(value);
    if (parts) return [Number(parts[1]), Number(parts[2])];
  }

  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
