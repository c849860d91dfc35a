import {
  missingSchemaElement,
  validateField,
  validateRecord,
  ValidationError,
  type Caller,
  type CollectionSchema,
  type Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../../collection-decorator';
import { relationFieldAccessDenied } from '../../validation/relation-field-access-denied';
import { mergePatches } from './merge-patches';
import { WriteCustomizationContext, type WriteAction } from './write-customization-context';
import type { WriteDefinition } from './write-definition';

/** One write being rewritten: who, which operation, and the handlers already on the path. */
interface Rewrite {
  readonly caller: Caller;
  readonly action: WriteAction;
  readonly filter?: Filter;
  /** `collection.field` of each handler that produced the patch being processed (cycles). */
  readonly path: readonly string[];
}

/**
 * The write-replacement layer: fields with a handler (computed or imported fields, typically)
 * become writable, and their values are replaced by the patch the handler returns before the
 * write reaches the relation-write layers below.
 */
export class WriteReplaceCollectionDecorator extends CollectionDecorator {
  private readonly handlers = new Map<string, WriteDefinition>();

  /**
   * Makes a column writable by replacing what writing it does.
   *
   * @example
   * ```ts
   * authors.replaceFieldWriting('fullName', value => {
   *   const [firstName, lastName] = String(value).split(' ');
   *   return { firstName, lastName };
   * });
   * ```
   */
  replaceFieldWriting(name: string, definition: WriteDefinition): void {
    if (typeof definition !== 'function') {
      throw new ValidationError(
        `A new writing method should be provided to replace field writing of '${this.name}.${name}'`,
      );
    }
    if (name.includes(':')) throw relationFieldAccessDenied(this.name, name);
    const { fields } = this.child.schema;
    if (!fields[name]) throw missingSchemaElement('field', this.name, name, Object.keys(fields));
    validateField(this.child, name);

    this.handlers.set(name, definition);
    this.markSchemaAsDirty();
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    const create = async () => {
      const patches = await Promise.all(
        records.map(record => this.rewrite(record, { caller, action: 'create', path: [] })),
      );

      return this.child.create(caller, patches);
    };

    return records.some(record => this.isRewritten(record))
      ? this.dataSource.transaction(create)
      : create();
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    const update = async () => {
      const rewritten = await this.rewrite(patch, { caller, action: 'update', filter, path: [] });

      return super.update(caller, filter, rewritten);
    };

    return this.isRewritten(patch) ? this.dataSource.transaction(update) : update();
  }

  protected override refineSchema(schema: CollectionSchema): CollectionSchema {
    for (const name of this.handlers.keys()) {
      const field = schema.fields[name];
      if (field?.type === 'Column') field.isReadOnly = false;
    }

    return schema;
  }

  /**
   * Whether a handler may run for this record: handlers may write themselves, so their writes
   * and the rewritten write share one transaction (rolled back together).
   */
  private isRewritten(record: RecordData): boolean {
    return Object.keys(record).some(key => {
      const field = this.schema.fields[key];

      return this.handlers.has(key) || (field?.type !== 'Column' && isRecord(record[key]));
    });
  }

  /** Rewrites a record or patch, then checks the result against the layer below. */
  private async rewrite(record: RecordData, rewrite: Rewrite): Promise<RecordData> {
    const patch = await this.rewritePatch(record, rewrite);
    validateRecord(this.child, patch);

    return patch;
  }

  /** Rewrites every key of a patch (in parallel) and merges the results. */
  private async rewritePatch(patch: RecordData, rewrite: Rewrite): Promise<RecordData> {
    const parts = await Promise.all(
      Object.keys(patch).map(key => this.rewriteKey(patch, key, rewrite)),
    );

    return mergePatches(this.name, parts);
  }

  private async rewriteKey(patch: RecordData, key: string, rewrite: Rewrite): Promise<RecordData> {
    const field = this.schema.fields[key];
    const value = patch[key];

    if ((field?.type === 'ManyToOne' || field?.type === 'OneToOne') && isRecord(value)) {
      // Nested writes are rewritten by the related collection's handlers. Its records are not
      // targeted by this update's filter, so its handlers get no filter.
      const related = this.sameLayerOf(field.foreignCollection);
      if (!related) return { [key]: value };
      const nested = { caller: rewrite.caller, action: rewrite.action, path: rewrite.path };

      return { [key]: await related.rewritePatch(value, nested) };
    }

    const handler = this.handlers.get(key);
    if (field?.type !== 'Column' || !handler) return { [key]: value };

    const qualified = `${this.name}.${key}`;
    if (rewrite.path.includes(qualified)) throw this.cycleError([...rewrite.path, qualified]);

    const context = new WriteCustomizationContext(
      this,
      rewrite.caller,
      rewrite.action,
      patch,
      rewrite.filter,
    );
    const result: unknown = await handler(value, context);
    if (result === undefined || result === null) return {};
    if (!isRecord(result)) {
      throw new ValidationError(
        `The write handler of ${qualified} should return an object or nothing.`,
      );
    }

    // The handler may write the field itself: that value is kept as is, not re-processed.
    const { [key]: own, ...others } = result;
    const kept = key in result ? { [key]: own } : {};
    if (Object.keys(others).length === 0) return kept;
    const path = [...rewrite.path, qualified];
    const rest = await this.rewritePatch(others, { ...rewrite, path });

    return mergePatches(this.name, [kept, rest]);
  }

  private cycleError(path: readonly string[]): ValidationError {
    const prefix = `${this.name}.`;
    const chain = path.map(step =>
      step.startsWith(prefix) ? step.substring(prefix.length) : step,
    );

    return new ValidationError(
      `Cycle detected: ${chain.join(' -> ')} (write handlers of '${this.name}').`,
      { data: { collection: this.name, cycle: [...path] } },
    );
  }
}

function isRecord(value: unknown): value is RecordData {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
  );
}
