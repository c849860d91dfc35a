import type { ActionFieldChoice, ActionFormField } from './action-form-field';

/**
 * The choices of a field: its `enums`, or the static options of its widget (dropdown, radio
 * group, checkbox group), as `{ label, value }` pairs.
 *
 * @example
 * ```ts
 * fieldChoices({ field: 'Size', type: 'Enum', enums: ['S', 'M'] });
 * // [{ label: 'S', value: 'S' }, { label: 'M', value: 'M' }]
 * ```
 */
export function fieldChoices(field: ActionFormField): ActionFieldChoice[] {
  if (Array.isArray(field.enums)) return field.enums.map(value => ({ label: value, value }));
  const parameters = field.widgetEdit?.parameters as { static?: { options?: unknown } } | undefined;
  const options = parameters?.static?.options;
  if (!Array.isArray(options)) return [];

  return options.map(option =>
    typeof option === 'object' && option !== null && 'value' in option
      ? {
          label: String((option as { label?: unknown }).label ?? option.value),
          value: option.value,
        }
      : { label: String(option), value: option },
  );
}
