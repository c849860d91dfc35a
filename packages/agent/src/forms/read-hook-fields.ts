import { ValidationError } from '@grove/datasource-toolkit';
import type { SerializedField } from './serialized-form';

/**
 * A field entry of a hook body: a serialized field as the agent answered it, with the current
 * value and, on the searched field of a search hook, `searchValue`.
 */
export type HookField = Partial<SerializedField> & {
  readonly field: string;
  readonly searchValue?: string | null;
};

/**
 * Checks `attributes.fields` of a change or search hook body (docs/agent-protocol.md#form-hooks): a
 * list of objects each naming its field id in `field`.
 *
 * @param fields - The raw `attributes.fields`.
 * @example
 * ```ts
 * readHookFields([{ field: 'Reason', type: 'String', value: 'typo' }]); // the same list, typed
 * readHookFields('Reason'); // throws a ValidationError
 * ```
 */
export function readHookFields(fields: unknown): HookField[] {
  if (!Array.isArray(fields)) {
    throw new ValidationError('Expected "fields" to be the list of the form fields.');
  }

  return fields.map((entry: unknown, index) => {
    if (
      typeof entry !== 'object' ||
      entry === null ||
      typeof (entry as HookField).field !== 'string'
    ) {
      throw new ValidationError(
        `Invalid form field at index ${index}: expected an object with a string "field".`,
      );
    }

    return entry as HookField;
  });
}
