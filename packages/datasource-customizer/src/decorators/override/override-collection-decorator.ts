import {
  ValidationError,
  getPrimaryKeys,
  type Caller,
  type Filter,
  type RecordData,
} from '@grove/datasource-toolkit';
import { CollectionDecorator } from '../collection-decorator';
import {
  CreateOverrideCustomizationContext,
  DeleteOverrideCustomizationContext,
  UpdateOverrideCustomizationContext,
  type CreateOverrideHandler,
  type DeleteOverrideHandler,
  type UpdateOverrideHandler,
} from './override-definition';

/**
 * The bottom layer: replaces the data source's create, update or delete by a handler (one per
 * operation, the last registered wins). Every layer above still runs, so hooks, validation,
 * relation writes and renames apply to overridden writes too. Reads cannot be overridden.
 * A handler runs in a transaction: the writes it makes are rolled back if it throws.
 */
export class OverrideCollectionDecorator extends CollectionDecorator {
  private createHandler: CreateOverrideHandler | null = null;
  private updateHandler: UpdateOverrideHandler | null = null;
  private deleteHandler: DeleteOverrideHandler | null = null;

  /** Replaces `create`. */
  addCreateHandler(handler: CreateOverrideHandler): void {
    this.createHandler = handler;
  }

  /** Replaces `update`. */
  addUpdateHandler(handler: UpdateOverrideHandler): void {
    this.updateHandler = handler;
  }

  /** Replaces `delete`. */
  addDeleteHandler(handler: DeleteOverrideHandler): void {
    this.deleteHandler = handler;
  }

  override async create(caller: Caller, records: RecordData[]): Promise<RecordData[]> {
    if (!this.createHandler) return super.create(caller, records);
    const context = new CreateOverrideCustomizationContext(this.child, caller, records);
    const handler = this.createHandler;
    const created: unknown = await this.dataSource.transaction(async () => handler(context));
    if (!Array.isArray(created)) {
      throw new ValidationError(
        `The records must be an array of objects (create override of '${this.name}')`,
      );
    }

    return created.map(record => this.cleanCreatedRecord(record));
  }

  override async update(caller: Caller, filter: Filter, patch: RecordData): Promise<void> {
    if (!this.updateHandler) return super.update(caller, filter, patch);
    const refined = await this.refineFilter(caller, filter);
    const handler = this.updateHandler;
    await this.dataSource.transaction(async () =>
      handler(new UpdateOverrideCustomizationContext(this.child, caller, refined, patch)),
    );
  }

  override async delete(caller: Caller, filter: Filter): Promise<void> {
    if (!this.deleteHandler) return super.delete(caller, filter);
    const refined = await this.refineFilter(caller, filter);
    const handler = this.deleteHandler;
    await this.dataSource.transaction(async () =>
      handler(new DeleteOverrideCustomizationContext(this.child, caller, refined)),
    );
  }

  /** Drops unknown and relation keys (in place) and requires a primary key. */
  private cleanCreatedRecord(record: unknown): RecordData {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new ValidationError(
        `The records must be an array of objects (create override of '${this.name}')`,
      );
    }
    const data = record as RecordData;
    const { fields } = this.schema;
    for (const key of Object.keys(data)) {
      if (fields[key]?.type !== 'Column') delete data[key];
    }
    if (!getPrimaryKeys(this.schema).some(pk => data[pk] !== undefined)) {
      throw new ValidationError(
        `The record does not contain any primary key field (create override of '${this.name}')`,
      );
    }

    return data;
  }
}
