import type { SerializedField } from './serialized-form';

/**
 * The field the schema publishes for an action whose form is dynamic
 * (docs/agent-protocol.md#action-objects): the frontend shows it until `hooks/load` answers. Values
 * submitted for it are ignored.
 *
 * @example
 * ```ts
 * const action = { fields: [{ ...loadingPlaceholder }], hooks: { load: true, change: ['changeHook'] } };
 * ```
 */
export const loadingPlaceholder: Readonly<SerializedField> = Object.freeze({
  field: 'Loading...',
  label: 'Loading...',
  type: 'String',
  isReadOnly: true,
  defaultValue: 'Form is loading',
  description: '',
  enums: null,
  hook: null,
  isRequired: false,
  reference: null,
  widgetEdit: null,
});
