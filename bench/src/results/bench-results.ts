import type { OneRequestMemory } from '../measure/measure-one-request';
import type { KindMeasure } from '../measure/window-measure';
import type { BenchDialect, RequestKind } from '../requests/request-kind';
import type { TargetName } from '../targets/target-options';

/** A target's start: from spawn to listening, and its memory 2 s later, before any load. */
export interface TargetStart {
  /** From spawn to listening: the median of {@link TargetStart.startupRuns} when there are. */
  readonly startupMs: number;
  /** Each start's time, the last one being the process measured (absent: one start). */
  readonly startupRuns?: readonly number[];
  readonly idleRssMb: number;
  /**
   * Its memory after 30 s without a request (V8 hands back the young generation that loading
   * the modules grew some seconds after the start): shown beside the 2 s figure, which the
   * target is judged on.
   */
  readonly settledRssMb?: number;
}

/** One row of a results table: a kind measured on each target (and as raw SQL). */
export interface KindResult {
  readonly kind: string;
  readonly family: RequestKind['family'];
  /** Rows per request (the CSV export), for rows/s. */
  readonly rowsPerRequest?: number;
  /** Connections of the load when the kind sets its own (else the run's). */
  readonly connections?: number;
  /**
   * Queries/s of the equivalent SQL through the runner's own connection: the mean of its windows,
   * which alternate with the agents' (grove, vendor, raw, grove, …).
   */
  readonly rawQps?: number;
  /** Each raw window's queries/s (absent in results written before raw windows alternated). */
  readonly rawWindows?: readonly number[];
  readonly targets: Partial<Record<TargetName, KindMeasure>>;
  /**
   * The kind's one-request probes (see `OneRequestProbe`), per target: the memory of one request
   * in a freshly started agent, in the order of the probes.
   */
  readonly oneRequest?: Partial<Record<TargetName, readonly OneRequestMemory[]>>;
  /** A target whose answer did not match the database: the message (measured all the same). */
  readonly invalid?: Partial<Record<TargetName, string>>;
  /**
   * A kind only Grove serves (MCP, public API: the vendor's published agent has no equivalent),
   * and the process it measured: the agent, or the platform (CPU and RSS are then the
   * platform process's).
   */
  readonly groveOnly?: { readonly servedBy: 'agent' | 'platform' };
}

/** Everything measured on one database. */
export interface DatabaseResults {
  readonly dialect: BenchDialect;
  readonly serverVersion: string;
  readonly kinds: readonly KindResult[];
  readonly starts: Partial<Record<TargetName, TargetStart>>;
}

/** The machine the numbers come from. */
export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
  readonly groveCommit: string;
  readonly vendorVersions: string;
}

/** The run's parameters, as the options gave them. */
export interface BenchParameters {
  readonly scale: number;
  readonly windows: number;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly targets: readonly TargetName[];
}

/**
 * A whole run, as `--json` writes it and the Markdown writer reads it.
 *
 * @example
 * ```ts
 * const markdown = renderResults(results);
 * ```
 */
export interface BenchResults {
  readonly date: string;
  readonly command: string;
  readonly machine: MachineInfo;
  readonly parameters: BenchParameters;
  readonly databases: readonly DatabaseResults[];
}
