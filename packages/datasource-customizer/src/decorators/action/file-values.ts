import {
  ValidationError,
  formatDataUri,
  isGroveError,
  parseDataUri,
  type DataUri,
  type RecordData,
} from '@grove/datasource-toolkit';
import { collectFields, fieldIdOf, type FormElementRecord } from './form-element-kinds';

/**
 * How files travel: on the wire (and in `getForm` results) a File value is a data URI string and
 * a FileList value an array of them; handlers (`execute`, field-level form handlers) receive them
 * parsed as `{ mimeType, buffer, name?, charset? }`. Values that are already parsed pass through.
 *
 * @example
 * ```ts
 * toHandlerFileValue('File', 'data:text/plain;base64,aGk=', () => "field 'Doc'");
 * // { mimeType: 'text/plain', buffer: <Buffer 68 69> }
 * ```
 */
export function toHandlerFileValue(
  type: unknown,
  value: unknown,
  describeField: () => string,
): unknown {
  if (type === 'File') return parseFile(value, describeField);
  if (type === 'FileList' && Array.isArray(value)) {
    return value.map(item => parseFile(item, describeField));
  }

  return value;
}

/**
 * The wire form of a value: parsed files become data URIs again.
 *
 * @example
 * ```ts
 * toWireFileValue('File', { mimeType: 'text/plain', buffer: Buffer.from('hi') });
 * // 'data:text/plain;base64,aGk='
 * ```
 */
export function toWireFileValue(type: unknown, value: unknown): unknown {
  if (type === 'File') return isDataUri(value) ? formatDataUri(value) : value;
  if (type === 'FileList' && Array.isArray(value)) {
    return value.map(item => (isDataUri(item) ? formatDataUri(item) : item));
  }

  return value;
}

/**
 * Parses, in place, the File/FileList values of `values` for the fields of `elements`.
 *
 * @example
 * ```ts
 * parseFileValues([{ type: 'File', label: 'Doc' }], values, "action 'Import' of collection 'books'");
 * ```
 */
export function parseFileValues(
  elements: readonly FormElementRecord[],
  values: RecordData,
  where: string,
): void {
  for (const field of collectFields(elements)) {
    const id = fieldIdOf(field);
    if (values[id] === undefined || values[id] === null) continue;
    values[id] = toHandlerFileValue(field.type, values[id], () => `field '${id}' of ${where}`);
  }
}

function parseFile(value: unknown, describeField: () => string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return parseDataUri(value);
  } catch (error) {
    if (!isGroveError(error)) throw error;
    throw new ValidationError(`Invalid value of ${describeField()}: ${error.message}`, {
      cause: error,
    });
  }
}

function isDataUri(value: unknown): value is DataUri {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as DataUri).buffer) &&
    typeof (value as DataUri).mimeType === 'string'
  );
}
