import { ValidationError } from '@grove/datasource-toolkit';
import type { Readable } from 'node:stream';
import { deserializeRecords } from '../jsonapi/deserialize-records';
import type { AgentRecord } from '../jsonapi/deserialize-records';
import { listQuery, selectionQuery } from '../query/list-options';
import type { ListOptions, SelectionOptions } from '../query/list-options';
import { packRecordId } from '../query/record-id';
import type { RecordId } from '../query/record-id';
import {
  collectStream,
  idSegment,
  nameSegment,
  readCount,
  requestCsv,
  selectionBody,
} from './collection-context';
import type { CollectionContext, CsvExportOptions } from './collection-context';

/**
 * The records linked to one parent record through a relation: list and count them (to-many),
 * link and unlink them. Options are expressed against the foreign collection.
 *
 * @example
 * ```ts
 * const reviews = client.collection('books').relation('reviews', 12);
 * await reviews.associate(5);
 * await reviews.dissociate([5, 9], { delete: true });
 * await client.collection('books').relation('author', 12).set(3);
 * ```
 */
export class RelationClient {
  private readonly path: string;

  constructor(
    private readonly context: CollectionContext,
    readonly collection: string,
    readonly relation: string,
    readonly parentId: RecordId,
  ) {
    this.path = `/${nameSegment(collection)}/${idSegment(parentId)}/relationships/${nameSegment(relation)}`;
  }

  /** The foreign collection's name (from the schema; the relation name without one). */
  get foreignCollection(): string {
    return this.context.schema.foreignCollection(this.collection, this.relation) ?? this.relation;
  }

  /** Lists linked records (to-many relations). `fields` needs the schema (keyed by foreign name). */
  async list<T = AgentRecord>(options: ListOptions = {}): Promise<T[]> {
    const foreign = this.context.schema.foreignCollection(this.collection, this.relation);
    if (options.fields !== undefined && foreign === undefined) {
      throw new ValidationError(
        'Projecting a related list needs the agent schema (option `schema` of createAgentClient)',
      );
    }
    const body = await this.context.http.json({
      method: 'GET',
      path: this.path,
      query: listQuery(foreign ?? this.relation, options),
    });

    return deserializeRecords(body, this.context.records) as T[];
  }

  /** Counts linked records. */
  async count(options: SelectionOptions = {}): Promise<number> {
    const query = selectionQuery(options);
    const body = await this.context.http.json({ method: 'GET', path: `${this.path}/count`, query });

    return readCount(body, `${this.collection}.${this.relation}`);
  }

  /** Exports linked records as CSV (a Node stream). */
  exportCsv(options: CsvExportOptions = {}): Promise<Readable> {
    const foreign = this.foreignCollection;
    const columns = this.context.schema.columns(foreign);

    return requestCsv(this.context.http, { path: this.path, fieldsKey: foreign, columns }, options);
  }

  /** Exports linked records as CSV text. */
  async exportCsvText(options: CsvExportOptions = {}): Promise<string> {
    return collectStream(await this.exportCsv(options));
  }

  /** Links a foreign record to the parent (to-many). */
  async associate(id: RecordId): Promise<void> {
    const body = { data: [{ id: packRecordId(id), type: this.foreignCollection }] };
    await this.context.http.json({ method: 'POST', path: this.path, body });
  }

  /**
   * Unlinks foreign records (one id, or an array of ids); `{ delete: true }` deletes them.
   * A composite id is a packed string or a nested array (`[[7, 'A-1']]`).
   */
  async dissociate(
    ids: string | number | readonly RecordId[],
    options: { delete?: boolean } = {},
  ): Promise<void> {
    const list = Array.isArray(ids) ? (ids as readonly RecordId[]) : [ids as string | number];
    await this.context.http.json({
      method: 'DELETE',
      path: this.path,
      query: { delete: options.delete === true ? 'true' : undefined },
      body: selectionBody(this.foreignCollection, list),
    });
  }

  /** Links the parent to a foreign record (to-one relations). */
  async set(id: RecordId): Promise<void> {
    const body = { data: { type: this.foreignCollection, id: packRecordId(id) } };
    await this.context.http.json({ method: 'PUT', path: this.path, body });
  }

  /** Unlinks the parent's to-one relation. */
  async unset(): Promise<void> {
    await this.context.http.json({ method: 'PUT', path: this.path, body: { data: null } });
  }
}
