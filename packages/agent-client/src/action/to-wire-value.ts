import { formatDataUri } from '@grove/datasource-toolkit';

/** A file to put in a File / FileList field. */
export interface ActionFileValue {
  readonly buffer: Buffer;
  readonly mimeType: string;
  readonly name?: string;
  readonly charset?: string;
}

function isFileValue(value: unknown): value is ActionFileValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    Buffer.isBuffer((value as ActionFileValue).buffer) &&
    typeof (value as ActionFileValue).mimeType === 'string'
  );
}

/**
 * Converts a field value to its wire form: files become data URIs, dates ISO strings; lists are
 * converted item by item. Other values are sent as they are.
 *
 * @example
 * ```ts
 * toWireValue({ buffer: Buffer.from('hi'), mimeType: 'text/plain', name: 'a.txt' });
 * // 'data:text/plain;name=a.txt;base64,aGk='
 * ```
 */
export function toWireValue(value: unknown): unknown {
  if (isFileValue(value)) return formatDataUri(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toWireValue);

  return value;
}
