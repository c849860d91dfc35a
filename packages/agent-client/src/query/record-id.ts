import { ValidationError } from '@grove/datasource-toolkit';

/** A record id: a packed string (`"7|A-1"`), a number, or the values of a composite key. */
export type RecordId = string | number | readonly (string | number)[];

/**
 * Packs a record id the way the protocol writes it: composite parts joined with `|`.
 *
 * @example
 * ```ts
 * packRecordId(42); // '42'
 * packRecordId([7, 'A-1']); // '7|A-1'
 * ```
 */
export function packRecordId(id: RecordId): string {
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  if (id.length === 0) throw new ValidationError('A composite record id needs at least one value');

  return id
    .map(part => {
      if (part === null || part === undefined) {
        throw new ValidationError('A composite record id cannot contain null or undefined');
      }
      const text = String(part);
      if (text.includes('|')) {
        throw new ValidationError(`A record id part cannot contain "|" (got "${text}")`);
      }

      return text;
    })
    .join('|');
}
