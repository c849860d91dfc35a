import {
  ValidationError,
  type AggregateResult,
  type Aggregation,
  type Caller,
  type CollectionSchema,
  type ColumnSchema,
  type ColumnValidationRule,
  type Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import { checkAggregateCapabilities } from './check-aggregate-capabilities';
import { checkValidationRule } from './check-validation-rule';
import { ownColumn } from './own-column';
import { validateRecordRules } from './validate-record-rules';

/**
 * The validation layer: rules added with `addValidation` are exported in the schema (the UI
 * enforces them) and enforced server side on create and update; `setFieldNullable` relaxes the
 * exported nullability; aggregations the collection cannot compute are refused here too.
 *
 * Sits above the hook layer (rules run before Before-hooks) and below binary (values are
 * Buffers here).
 */
export class ValidationCollectionDecorator extends CollectionDecorator {
  private readonly rules = new Map<string, ColumnValidationRule[]>();
  private readonly nullable = new Set<string>();

  /**
   * Adds a validation rule to a writable column of this collection.
   *
   * @example
   * ```ts
   * books.addValidation('title', { operator: 'LongerThan', value: 2 });
   * ```
   */
  addValidation(name: string, rule: ColumnValidationRule): void {
    const column = ownColumn(this.child, name);
    if (column.isReadOnly) {
      throw new ValidationError(
        `Cannot add validators on a readonly field: '${this.name}.${name}'`,
        { data: { collection: this.name, field: name } },
      );
    }
    checkValidationRule(this.name, name, column, rule);

    const copy = rule.value === undefined ? { operator: rule.operator } : { ...rule };
    this.rules.set(name, [...(this.rules.get(name) ?? []), copy]);
    this.markSchemaAsDirty();
  }

  /**
   * Exports a column as nullable and without `Present` rules (the data source may still refuse
   * empty values). `Present` rules added with `addValidation` are not enforced either.
   *
   * @example
   * ```ts
   * books.setFieldNullable('subtitle');
   * ```
   */
  setFieldNullable(name: string): void {
    ownColumn(this.child, name);
    this.nullable.add(name);
    this.markSchemaAsDirty();
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const rules = this.enforcedRules();
    for (const record of records) {
      validateRecordRules(this, rules, record, rules.keys(), caller.timezone);
    }

    return this.child.create(caller, records);
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    const rules = this.enforcedRules();
    const present = Object.keys(patch).filter(key => patch[key] !== undefined && rules.has(key));
    validateRecordRules(this, rules, patch, present, caller.timezone);

    return super.update(caller, filter, patch);
  }

  override async aggregate(
    caller: Caller,
    filter: Filter,
    aggregation: Aggregation,
    limit?: number,
  ): Promise<AggregateResult[]> {
    checkAggregateCapabilities(this, aggregation);

    return super.aggregate(caller, filter, aggregation, limit);
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const [name, rules] of this.rules) {
      const field = schema.fields[name] as ColumnSchema | undefined;
      if (field) field.validation = [...(field.validation ?? []), ...rules];
    }
    for (const name of this.nullable) {
      const field = schema.fields[name] as ColumnSchema | undefined;
      if (!field) continue;
      field.allowNull = true;
      const kept = (field.validation ?? []).filter(rule => rule.operator !== 'Present');
      if (field.validation) field.validation = kept;
    }

    return schema;
  }

  /** The rules enforced server side: the added ones, without `Present` on nullable fields. */
  private enforcedRules(): Map<string, ColumnValidationRule[]> {
    return new Map(
      [...this.rules].map(([name, rules]) => [
        name,
        this.nullable.has(name) ? rules.filter(rule => rule.operator !== 'Present') : rules,
      ]),
    );
  }
}
