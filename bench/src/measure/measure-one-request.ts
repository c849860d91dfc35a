import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchAgent } from '../bench-agent';
import type { OneRequestProbe, ValidationContext } from '../requests/request-kind';
import { sendRequest } from '../requests/validate-kind';
import { readRssMb, sampleRss } from './process-stats';

/** What one request took in memory, in agents started for it (see {@link measureOneRequest}). */
export interface OneRequestMemory {
  /** The probe's label (`10,000 rows`). */
  readonly label: string;
  /** Peak RSS over idle RSS of the run of median growth, MB. */
  readonly growthMb: number;
  /** That run's idle RSS (2 s after its start) and peak RSS, MB. */
  readonly idleRssMb: number;
  readonly peakRssMb: number;
  /** Each run's growth, MB. */
  readonly runs: readonly number[];
  /** The answer did not match the database: the message (measured all the same). */
  readonly invalid?: string;
}

/** Options of {@link measureOneRequest}. */
export interface MeasureOneRequestOptions {
  /** Starts a fresh agent (stopped after its request). */
  readonly start: () => Promise<BenchAgent>;
  readonly probe: OneRequestProbe;
  readonly context: ValidationContext;
  /** Agents started, one request each (default 3; the run of median growth is kept). */
  readonly runs?: number;
}

/** How often RSS is read while the request runs, ms (an export of 10,000 rows takes ~50 ms). */
const sampleEveryMs = 5;
/** How long RSS is still read after the answer: memory the request grew but had not touched yet. */
const afterAnswerMs = 200;

/**
 * Measures the memory of one request alone: for each run, a fresh agent is started, left idle 2 s
 * (the idle RSS of the start-up figures), sent the probe's request, and its RSS read every 5 ms
 * until 200 ms after the answer; the growth is the peak over the idle RSS. The answer is checked
 * against the database. Back-to-back load grows V8's young generation whatever a request holds
 * (see bench/README.md): this is the figure of one request.
 *
 * @example
 * ```ts
 * const memory = await measureOneRequest({ start: () => startBenchAgent('grove', url, sandboxUrl), probe, context });
 * memory.growthMb; // 18.2
 * ```
 */
export async function measureOneRequest(
  options: MeasureOneRequestOptions,
): Promise<OneRequestMemory> {
  const { probe, context } = options;
  const measured: { idle: number; peak: number }[] = [];
  let invalid: string | undefined;
  for (let run = 0; run < (options.runs ?? 3); run += 1) {
    const agent = await options.start();
    try {
      await sleep(2000);
      const idle = readRssMb(agent.target.pid);
      const sampler = sampleRss(agent.target.pid, sampleEveryMs);
      const answer = await sendRequest(agent.target.url, agent.token, probe.request);
      await sleep(afterAnswerMs);
      measured.push({ idle, peak: sampler.stop() });
      try {
        await probe.validate(answer, context);
      } catch (error) {
        invalid = error instanceof Error ? error.message : String(error);
      }
    } finally {
      await agent.target.stop();
    }
  }
  const growth = ({ idle, peak }: { idle: number; peak: number }) => peak - idle;
  // The run of median growth (the lower middle one for an even count).
  const kept = [...measured].sort((a, b) => growth(a) - growth(b))[(measured.length - 1) >> 1];

  return {
    label: probe.label,
    growthMb: kept ? growth(kept) : Number.NaN,
    idleRssMb: kept?.idle ?? Number.NaN,
    peakRssMb: kept?.peak ?? Number.NaN,
    runs: measured.map(growth),
    ...(invalid === undefined ? {} : { invalid }),
  };
}
