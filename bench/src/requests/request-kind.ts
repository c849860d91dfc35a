import type { Sequelize } from 'sequelize';
import type { DatasetSize } from '../dataset/dataset-size';

/** The databases the benchmark runs on. */
export type BenchDialect = 'sqlite' | 'postgres';

/** One HTTP request of a kind: path with its query string (under the agent's URL). */
export interface BenchHttpRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  /** A JSON body (sent with `content-type: application/json`). */
  readonly body?: unknown;
  /** Headers besides the bearer token and the content type (e.g. the MCP `accept`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** An answer of an agent, as the validation reads it. */
export interface BenchAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** A statement for the "raw database query" column, with its bound values. */
export interface RawQuery {
  readonly sql: string;
  readonly replacements?: Record<string, unknown>;
}

/** What a kind knows about the database it runs on. */
export interface KindContext {
  readonly dialect: BenchDialect;
  readonly size: DatasetSize;
}

/** The runner's own connection to the shop, for validations and raw queries. */
export interface ValidationContext extends KindContext {
  readonly db: Sequelize;
}

/**
 * One request measured alone, in an agent started for it: its peak RSS over the agent's idle RSS
 * (the memory of one streamed CSV export, whatever the kinds measured before left behind).
 *
 * @example
 * ```ts
 * const probe = csvExportOneAtATimeKind.oneRequestProbes?.(context)[0];
 * probe?.label; // '10,000 rows'
 * ```
 */
export interface OneRequestProbe {
  /** What the request carries, for the table (`10,000 rows`). */
  readonly label: string;
  readonly request: BenchHttpRequest;
  /** Throws a `BenchValidationError` unless the answer matches the database. */
  validate(answer: BenchAnswer, context: ValidationContext): Promise<void>;
}

/**
 * One kind of request of the benchmark (one row of the results table).
 *
 * @example
 * ```ts
 * const request = kind.request(7, context); // the 8th request of a window (ids rotate)
 * await kind.validate(answer, request, validationContext); // throws BenchValidationError
 * ```
 */
export interface RequestKind {
  readonly name: string;
  /** Reads, writes, or the CSV export: the targets differ for each. */
  readonly family: 'read' | 'database-bound read' | 'write' | 'export';
  /** The n-th request of a run (ids rotate through the dataset). */
  request(n: number, context: KindContext): BenchHttpRequest;
  /** Throws a `BenchValidationError` unless the answer matches the database. */
  validate(
    answer: BenchAnswer,
    request: BenchHttpRequest,
    context: ValidationContext,
  ): Promise<void>;
  /** The equivalent SQL of the n-th request, when there is one. */
  raw?(n: number, context: KindContext): RawQuery;
  /** Rows each request carries (the CSV export: rows/s = req/s × rows). */
  rowsPerRequest?(context: KindContext): number;
  /** Connections of this kind's load whatever `--connections` says (one export at a time). */
  readonly connections?: number;
  /** Requests also measured one at a time, each in a freshly started agent (see `OneRequestProbe`). */
  oneRequestProbes?(context: KindContext): readonly OneRequestProbe[];
}
