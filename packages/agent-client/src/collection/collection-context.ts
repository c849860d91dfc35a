import { GroveError, ValidationError } from '@grove/datasource-toolkit';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AgentHttp } from '../http/agent-http';
import type { DeserializeOptions } from '../jsonapi/deserialize-records';
import { listQuery } from '../query/list-options';
import type { ListOptions } from '../query/list-options';
import { packRecordId } from '../query/record-id';
import type { RecordId } from '../query/record-id';
import type { SchemaIndex } from '../schema/schema-index';

/** What collection and relation clients share. */
export interface CollectionContext {
  readonly http: AgentHttp;
  readonly schema: SchemaIndex;
  /** How records are read (camelCase aliases). */
  readonly records?: DeserializeOptions;
}

/** Options of CSV exports: a list's options plus the header line and the file name. */
export interface CsvExportOptions extends ListOptions {
  /** Labels of the first line (default: the `fields`). */
  readonly header?: readonly string[];
  /** Default `<collection>.csv`. */
  readonly filename?: string;
}

/** Where the vendor-style `exportCsv(stream, options)` writes: a file stream or any Node writable. */
export type CsvWritable = NodeJS.WritableStream;

/**
 * Tells a writable stream (the vendor's `exportCsv(stream, options)`) from export options.
 *
 * @example
 * ```ts
 * isCsvWritable(createWriteStream('out.csv')); // true
 * isCsvWritable({ fields: ['id'] }); // false
 * ```
 */
export function isCsvWritable(value: unknown): value is CsvWritable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<CsvWritable>).write === 'function' &&
    typeof (value as Partial<CsvWritable>).end === 'function'
  );
}

/** Writes an export into a writable and resolves once it is flushed (the writable is ended). */
export async function writeCsv(csv: Promise<Readable>, stream: CsvWritable): Promise<void> {
  await pipeline(await csv, stream);
}

/** A path segment for a collection or relation name (the agent registers them `encodeURI`d). */
export function nameSegment(name: string): string {
  return encodeURI(name);
}

/** A path segment for a record id (packed, then `encodeURIComponent`ed: `/` → `%2F`). */
export function idSegment(id: RecordId): string {
  return encodeURIComponent(packRecordId(id));
}

/** Reads `{ count }`; a collection declared non-countable answers `{ meta: { count: 'deactivated' } }`. */
export function readCount(body: unknown, what: string): number {
  const { count, meta } = (body ?? {}) as { count?: unknown; meta?: { count?: unknown } };
  if (count !== undefined) return Number(count);
  if (meta?.count === 'deactivated') {
    throw new GroveError('UnprocessableError', `Count is deactivated on ${what}`, {
      name: 'CountDeactivatedError',
    });
  }
  throw new GroveError('InternalServerError', `Unexpected count answer for ${what}`);
}

/** Body of bulk selections (bulk delete, dissociate): `action-requests` with packed ids. */
export function selectionBody(collection: string, ids: readonly RecordId[]): unknown {
  return {
    data: {
      type: 'action-requests',
      attributes: {
        collection_name: collection,
        ids: ids.map(packRecordId),
        all_records: false,
        all_records_ids_excluded: [],
      },
    },
  };
}

/** Where {@link requestCsv} asks for an export. */
export interface CsvTarget {
  /** The path of the records (`/forest/books`), without `.csv`. */
  readonly path: string;
  /** The collection name the agent keys the projection with. */
  readonly fieldsKey: string;
  /** The fallback fields, from the schema. */
  readonly columns: readonly string[] | undefined;
}

/**
 * Requests a CSV export and returns its body as a Node stream (errors are thrown before).
 */
export async function requestCsv(
  http: AgentHttp,
  target: CsvTarget,
  options: CsvExportOptions,
): Promise<Readable> {
  const { path, fieldsKey, columns } = target;
  const fields = options.fields ?? columns;
  if (fields === undefined || fields.length === 0) {
    throw new ValidationError(
      'A CSV export needs `fields` (or the agent schema) to name its columns',
    );
  }
  const response = await http.send({
    method: 'GET',
    path: `${path}.csv`,
    accept: 'text/csv',
    query: {
      ...listQuery(fieldsKey, { ...options, fields }),
      header: (options.header ?? fields).join(','),
      filename: options.filename ?? `${fieldsKey}.csv`,
    },
  });
  if (response.body === null) return Readable.from([]);

  return Readable.fromWeb(response.body);
}

/**
 * Reads a whole stream as UTF-8 text (for CSV exports in tests).
 *
 * @example
 * ```ts
 * const csv = await collectStream(await client.collection('books').exportCsv({ fields: ['id'] }));
 * ```
 */
export async function collectStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));

  return Buffer.concat(chunks).toString('utf8');
}
