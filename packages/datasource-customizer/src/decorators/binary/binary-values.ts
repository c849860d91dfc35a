import {
  formatDataUri,
  isGroveError,
  parseDataUri,
  ValidationError,
  type ColumnType,
  type NestedEnumType,
} from '@grove/datasource-toolkit';
import type { BinaryMode } from './binary-mode';
import { sniffMimeType } from './sniff-mime-type';

const hexPattern = /^(?:[0-9a-f]{2})*$/i;

/**
 * Tells whether a column type is or contains `Binary` (inside arrays and objects).
 *
 * @example
 * ```ts
 * hasBinary(['Binary']); // true
 * ```
 */
export function hasBinary(columnType: ColumnType | NestedEnumType): boolean {
  if (typeof columnType === 'string') return columnType === 'Binary';
  if (Array.isArray(columnType)) return columnType.some(hasBinary);
  if ('enumValues' in columnType && columnType.type === 'Enum') return false;

  return Object.values(columnType as Record<string, ColumnType | NestedEnumType>).some(hasBinary);
}

/**
 * Encodes the Buffers found in a value of the given column type: lowercase hex, or a data URI
 * whose mime type is sniffed from the content. Other values are returned unchanged.
 *
 * @example
 * ```ts
 * encodeBinary('Binary', Buffer.from([0xca, 0xfe]), 'hex'); // 'cafe'
 * ```
 */
export function encodeBinary(columnType: ColumnType, value: unknown, mode: BinaryMode): unknown {
  return walk(columnType, value, item => {
    if (!Buffer.isBuffer(item)) return item;

    return mode === 'hex'
      ? item.toString('hex')
      : formatDataUri({ mimeType: sniffMimeType(item), buffer: item });
  });
}

/**
 * Decodes the strings found in a value of the given column type into Buffers (hex, or the
 * base64 payload of a data URI; its mime type is ignored). `where` names the field in errors.
 *
 * @example
 * ```ts
 * decodeBinary('Binary', 'cafe', 'hex', 'books.isbn'); // <Buffer ca fe>
 * ```
 */
export function decodeBinary(
  columnType: ColumnType,
  value: unknown,
  mode: BinaryMode,
  where: string,
): unknown {
  return walk(columnType, value, item =>
    typeof item === 'string' ? decode(item, mode, where) : item,
  );
}

function decode(text: string, mode: BinaryMode, where: string): Buffer {
  if (mode === 'hex') {
    if (!hexPattern.test(text)) {
      throw new ValidationError(
        `Expected an hexadecimal string for '${where}', got "${text.substring(0, 32)}"`,
        { data: { field: where } },
      );
    }

    return Buffer.from(text, 'hex');
  }

  try {
    return parseDataUri(text).buffer;
  } catch (error) {
    if (!isGroveError(error)) throw error;
    throw new ValidationError(`Invalid value for '${where}': ${error.message}`, {
      cause: error,
      data: { field: where },
    });
  }
}

/** Applies `convert` to the binary leaves of a value, following its column type. */
function walk(
  columnType: ColumnType | NestedEnumType,
  value: unknown,
  convert: (item: unknown) => unknown,
): unknown {
  if (value === null || value === undefined) return value;
  if (typeof columnType === 'string') return columnType === 'Binary' ? convert(value) : value;
  if (!hasBinary(columnType)) return value;

  if (Array.isArray(columnType)) {
    const itemType = (columnType as readonly [ColumnType])[0];

    return Array.isArray(value) ? value.map(item => walk(itemType, item, convert)) : value;
  }
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  const types = columnType as Record<string, ColumnType | NestedEnumType>;

  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      const type = types[key];

      return [key, type ? walk(type, item, convert) : item];
    }),
  );
}
