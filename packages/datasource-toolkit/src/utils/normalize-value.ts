import type { ColumnType } from '../interfaces/schema';

/**
 * Brings a value to a form that compares with `===`, `<` and `>` the way its column type means:
 * instants as epoch milliseconds, numeric strings as numbers, buffers as hex, composites as JSON.
 *
 * @example
 * ```ts
 * normalizeValue('2024-01-01T00:00:00.000Z', 'Date') === normalizeValue(new Date('2024-01-01'), 'Date');
 * ```
 */
export function normalizeValue(value: unknown, columnType: ColumnType | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (value instanceof Date) {
    if (columnType === 'Dateonly') return value.toISOString().substring(0, 10);

    return value.getTime();
  }

  switch (columnType) {
    case 'Dateonly':
      // A bound written as a local date-time (`2024-12-16T00:00:00+01:00`) names its local date.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? value.substring(0, 10)
        : value;
    case 'Date': {
      if (typeof value === 'string') {
        const time = Date.parse(value);

        return Number.isNaN(time) ? value : time;
      }

      return value;
    }
    case 'Number':
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : value;
    case 'Uuid':
      return typeof value === 'string' ? value.toLowerCase() : value;
    default:
      return typeof value === 'object' ? stableStringify(value) : value;
  }
}

function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}
