import {
  ConditionTreeLeaf,
  ValidationError,
  type Collection,
  type ColumnValidationRule,
  type RecordData,
} from '@grove/datasource-toolkit';

/** The rules added to each field, in registration order. */
export type FieldRules = ReadonlyMap<string, readonly ColumnValidationRule[]>;

/**
 * Describes a rule as the error message shows it: `LongerThan(5)`, or `Present` without value.
 *
 * @example
 * ```ts
 * describeRule({ operator: 'LongerThan', value: 5 }); // 'LongerThan(5)'
 * ```
 */
export function describeRule({ operator, value }: ColumnValidationRule): string {
  return value === undefined || value === null ? operator : `${operator}(${String(value)})`;
}

/**
 * Enforces added validation rules on a record being written, in memory and in the caller's
 * timezone. `fields` are the fields to check: on create every validated field, on update those
 * present in the patch. A missing (`undefined`) or `null` value is only checked by `Present`.
 *
 * @example
 * ```ts
 * validateRecordRules(books, rules, { title: 'ab' }, ['title'], 'Europe/Paris');
 * // throws: 'title' failed validation rule: 'LongerThan(5)'
 * ```
 */
export function validateRecordRules(
  collection: Collection,
  rules: FieldRules,
  record: RecordData,
  fields: Iterable<string>,
  timezone: string,
): void {
  for (const field of fields) {
    const value = record[field];
    for (const rule of rules.get(field) ?? []) {
      // Grove fixes the vendor quirk (docs/decisions.md#d16-omitted-fields-on-create): an omitted
      // field only fails `Present`.
      if ((value === undefined || value === null) && rule.operator !== 'Present') continue;

      const leaf = new ConditionTreeLeaf(field, rule.operator, rule.value);
      if (!leaf.match(record, collection, timezone)) {
        throw new ValidationError(`'${field}' failed validation rule: '${describeRule(rule)}'`, {
          data: { collection: collection.name, field, rule: describeRule(rule) },
        });
      }
    }
  }
}
