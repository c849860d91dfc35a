import type { ColumnType, ColumnValidationRule, NestedEnumType } from '@grove/datasource-toolkit';
import type { BinaryMode } from './binary-mode';

/**
 * Replaces `Binary` by `String` in a column type, inside arrays and objects too (nested enums are
 * left as they are).
 *
 * @example
 * ```ts
 * binaryAsString({ avatar: 'Binary', tags: ['String'] }); // { avatar: 'String', tags: ['String'] }
 * ```
 */
export function binaryAsString(columnType: ColumnType): ColumnType {
  if (typeof columnType === 'string') return columnType === 'Binary' ? 'String' : columnType;
  if (Array.isArray(columnType)) return [binaryAsString((columnType as [ColumnType])[0])];

  return Object.fromEntries(
    Object.entries(columnType as Record<string, ColumnType | NestedEnumType>).map(([key, type]) => [
      key,
      isNestedEnum(type) ? type : binaryAsString(type),
    ]),
  );
}

/**
 * Rewrites the validation rules of a binary column for its string form: a format rule (`Match`)
 * first, then `Present` kept and byte-length rules turned into string-length rules in hex mode
 * (`LongerThan n` bytes → `LongerThan 2n+1` characters, `ShorterThan m` → `ShorterThan 2m-1`).
 * Other rules cannot be expressed on the string and are dropped.
 *
 * @example
 * ```ts
 * binaryValidation([{ operator: 'LongerThan', value: 15 }], 'hex');
 * // [{ operator: 'Match', value: /^[0-9a-f]+$/ }, { operator: 'LongerThan', value: 31 }]
 * ```
 */
export function binaryValidation(
  rules: readonly ColumnValidationRule[] | undefined,
  mode: BinaryMode,
): ColumnValidationRule[] {
  const format: ColumnValidationRule =
    mode === 'hex'
      ? { operator: 'Match', value: /^[0-9a-f]+$/ }
      : { operator: 'Match', value: /^data:.*;base64,.*/ };

  return [
    format,
    ...(rules ?? []).flatMap((rule): ColumnValidationRule[] => {
      if (rule.operator === 'Present') return [rule];
      if (mode === 'hex' && rule.operator === 'LongerThan') {
        return [{ operator: 'LongerThan', value: 2 * Number(rule.value) + 1 }];
      }
      if (mode === 'hex' && rule.operator === 'ShorterThan') {
        return [{ operator: 'ShorterThan', value: 2 * Number(rule.value) - 1 }];
      }

      return [];
    }),
  ];
}

function isNestedEnum(type: ColumnType | NestedEnumType): type is NestedEnumType {
  return (
    typeof type === 'object' &&
    !Array.isArray(type) &&
    (type as NestedEnumType).type === 'Enum' &&
    Array.isArray((type as NestedEnumType).enumValues)
  );
}
