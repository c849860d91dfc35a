import type { OneRequestMemory } from '../measure/measure-one-request';
import type { DatabaseResults, KindResult } from './bench-results';

/** One target of the issue checked against a run's numbers. */
export interface TargetVerdict {
  readonly target: string;
  /** Undefined when a number is missing (e.g. the vendor was not measured). */
  readonly met: boolean | undefined;
  readonly figure: string;
}

const fixed = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function ratio(result: KindResult): number | undefined {
  const grove = result.targets.grove?.reqPerSec;
  const vendor = result.targets.vendor?.reqPerSec;

  return grove !== undefined && vendor ? grove / vendor : undefined;
}

function readVerdict(result: KindResult): TargetVerdict {
  const toVendor = ratio(result);
  const grove = result.targets.grove?.reqPerSec;
  const toRaw = grove !== undefined && result.rawQps ? grove / result.rawQps : undefined;
  const databaseBound = result.family === 'database-bound read';
  const target = databaseBound
    ? `${result.kind}: ≥ 3× vendor, or ≥ 1/1.3 of the raw query`
    : `${result.kind}: ≥ 3× vendor`;
  const byVendor = toVendor === undefined ? undefined : toVendor >= 3;
  const byRaw = databaseBound && toRaw !== undefined ? toRaw >= 1 / 1.3 : undefined;
  const met =
    byVendor === true || byRaw === true
      ? true
      : byVendor === undefined && byRaw === undefined
        ? undefined
        : false;
  const figures = [`${toVendor === undefined ? '–' : fixed(toVendor)}× vendor`];
  if (databaseBound) figures.push(`${toRaw === undefined ? '–' : fixed(toRaw)}× raw`);

  return { target, met, figure: figures.join(', ') };
}

function writeVerdict(result: KindResult): TargetVerdict {
  const toVendor = ratio(result);
  const p99 = result.targets.grove?.p99Ms;
  const met = toVendor === undefined || p99 === undefined ? undefined : toVendor >= 2 && p99 < 100;

  return {
    target: `${result.kind}: ≥ 2× vendor, p99 < 100 ms`,
    met,
    figure: `${toVendor === undefined ? '–' : fixed(toVendor)}× vendor, p99 ${p99 === undefined ? '–' : fixed(p99, 0)} ms`,
  };
}

/** `idle + 18 MB (10,000 rows)` for each probe of a target. */
function oneRequestFigure(memory: readonly OneRequestMemory[]): string {
  return memory
    .map(m => `idle + ${fixed(m.growthMb, 0)} MB (${m.label}${m.invalid ? ', wrong answer' : ''})`)
    .join(', ');
}

/**
 * Rows/s for every export kind; the memory of a streamed export on the kind that runs one export at
 * a time (concurrent exports add up, and so does their garbage between collections). That memory
 * is one export's in a freshly started agent, for each size its probes export (`oneRequest`);
 * results without probes judge the peak of the back-to-back windows over the idle RSS.
 */
function exportVerdict(result: KindResult, idleRssMb: number | undefined): TargetVerdict {
  const toVendor = ratio(result);
  const peak = result.targets.grove?.peakRssMb;
  const backToBack = peak !== undefined && idleRssMb !== undefined ? peak - idleRssMb : undefined;
  const single = result.connections === 1;
  const rows = `${toVendor === undefined ? '–' : fixed(toVendor)}× vendor`;
  const memory = result.oneRequest?.grove;
  if (single && memory?.length) {
    const withinMemory = memory.every(m => m.invalid === undefined && m.growthMb < 30);

    return {
      target: `${result.kind}: ≥ 5× vendor rows/s, peak RSS of one export < idle + 30 MB`,
      met: toVendor === undefined ? undefined : toVendor >= 5 && withinMemory,
      figure:
        `${rows}, one export in a fresh agent: ${oneRequestFigure(memory)}` +
        (backToBack === undefined ? '' : `; back to back: idle + ${fixed(backToBack, 0)} MB`),
    };
  }
  const met =
    toVendor === undefined || (single && backToBack === undefined)
      ? undefined
      : toVendor >= 5 && (!single || (backToBack !== undefined && backToBack < 30));

  return {
    target: single
      ? `${result.kind}: ≥ 5× vendor rows/s, peak RSS < idle + 30 MB`
      : `${result.kind}: ≥ 5× vendor rows/s`,
    met,
    figure: `${rows}, peak ${backToBack === undefined ? '–' : `idle + ${fixed(backToBack, 0)}`} MB`,
  };
}

/**
 * Checks each target of issue 18 against the numbers of one database.
 *
 * @example
 * ```ts
 * evaluateTargets(results.databases[0]);
 * // [{ target: 'list: ≥ 3× vendor', met: false, figure: '1.46× vendor' }, …]
 * ```
 */
export function evaluateTargets(database: DatabaseResults): TargetVerdict[] {
  const grove = database.starts.grove;
  const verdicts: TargetVerdict[] = [];
  // The issue's targets compare with the vendor: the Grove-only kinds have none.
  for (const result of database.kinds.filter(k => !k.groveOnly)) {
    if (result.family === 'write') verdicts.push(writeVerdict(result));
    else if (result.family === 'export') verdicts.push(exportVerdict(result, grove?.idleRssMb));
    else verdicts.push(readVerdict(result));
  }
  verdicts.push({
    target: 'start-up ≤ 0.5 s',
    met: grove === undefined ? undefined : grove.startupMs <= 500,
    figure: grove === undefined ? '–' : `${fixed(grove.startupMs, 0)} ms`,
  });
  verdicts.push({
    target: 'idle RSS ≤ 80 MB',
    met: grove === undefined ? undefined : grove.idleRssMb <= 80,
    figure:
      grove === undefined
        ? '–'
        : `${fixed(grove.idleRssMb, 1)} MB 2 s after the start` +
          (grove.settledRssMb === undefined
            ? ''
            : `, ${fixed(grove.settledRssMb, 1)} MB after 30 s`),
  });
  const both = database.kinds.filter(k => k.targets.grove && k.targets.vendor);
  const above = both.filter(
    k => (k.targets.grove?.peakRssMb ?? 0) >= (k.targets.vendor?.peakRssMb ?? 0),
  );
  verdicts.push({
    target: 'peak RSS under load below the vendor’s',
    met: both.length === 0 ? undefined : above.length === 0,
    figure:
      both.length === 0
        ? '–'
        : above.length === 0
          ? `below on all ${both.length} kinds`
          : `above on ${above.map(k => `${k.kind} (${fixed(k.targets.grove?.peakRssMb ?? 0, 0)} vs ${fixed(k.targets.vendor?.peakRssMb ?? 0, 0)})`).join(', ')}`,
  });
  for (const name of ['list', 'get one']) {
    const cpu = database.kinds.find(k => k.kind === name)?.targets.grove?.cpuMsPerRequest;
    verdicts.push({
      target: `${name}: agent CPU < 1 ms/request`,
      met: cpu === undefined ? undefined : cpu < 1,
      figure: cpu === undefined ? '–' : `${fixed(cpu)} ms`,
    });
  }

  return verdicts;
}
