import {
  formatDataUri,
  packId,
  type ActionField,
  type CompositeId,
  type DataUri,
} from '@grove/datasource-toolkit';

/**
 * The wire form of the value of a form field (docs/agent-protocol.md#execute,
 * docs/agent-protocol.md#form-fields): a Collection value becomes a packed id, Enum values outside
 * `enumValues` become `null` (dropped from EnumList values), files become data URIs and dates ISO
 * strings. `undefined` stays `undefined` (no value).
 *
 * @param field - The evaluated field (its type and enum values).
 * @param value - The value held in `formValues`.
 * @example
 * ```ts
 * toFormWireValue({ type: 'Collection', label: 'Author', id: 'Author', collectionName: 'authors',
 *   watchChanges: false }, [3]); // '3'
 * toFormWireValue({ type: 'Enum', label: 'Size', id: 'Size', enumValues: ['S', 'M'],
 *   watchChanges: false }, 'XL'); // null
 * ```
 */
export function toFormWireValue(field: ActionField, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  switch (field.type) {
    case 'Collection':
      if (Array.isArray(value)) return packId(value as CompositeId);

      return typeof value === 'object' ? value : String(value);
    case 'Enum':
      return field.enumValues?.includes(value as string) ? value : null;
    case 'EnumList':
      return Array.isArray(value)
        ? value.filter(item => field.enumValues?.includes(item as string))
        : value;
    case 'File':
      return toWireFile(value);
    case 'FileList':
      return Array.isArray(value) ? value.map(toWireFile) : value;
    default:
      return value instanceof Date ? value.toISOString() : value;
  }
}

function toWireFile(value: unknown): unknown {
  const file = value as Partial<DataUri> | null;
  const isFile =
    typeof file === 'object' &&
    file !== null &&
    Buffer.isBuffer(file.buffer) &&
    typeof file.mimeType === 'string';

  return isFile ? formatDataUri(file as DataUri) : value;
}
