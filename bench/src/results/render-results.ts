import type { OneRequestMemory } from '../measure/measure-one-request';
import type { KindMeasure } from '../measure/window-measure';
import type { BenchResults, DatabaseResults, KindResult, TargetStart } from './bench-results';
import { evaluateTargets } from './evaluate-targets';

const header =
  '| request | vendor req/s | Grove req/s | Grove/vendor | raw q/s | Grove/raw | Grove p50/p99 ms | vendor p50/p99 ms | Grove CPU ms/req | vendor CPU ms/req | Grove peak RSS MB | vendor peak RSS MB |';
const separator = `|${' --- |'.repeat(12)}`;

function num(value: number | undefined, digits = 1): string {
  if (value === undefined || !Number.isFinite(value)) return '–';

  return value.toFixed(digits);
}

function rate(
  measure: KindMeasure | undefined,
  rows: number | undefined,
  invalid?: string,
): string {
  if (!measure) return invalid ? 'wrong answer' : '–';
  const spread =
    measure.windows.length > 1
      ? ` (${num(measure.minReqPerSec)}–${num(measure.maxReqPerSec)})`
      : '';
  const perRows = rows ? `, ${num((measure.reqPerSec * rows) / 1000)}k rows/s` : '';
  const none = measure.windows.some(w => w.requests === 0) ? ' ⚠ a window completed nothing' : '';
  const flag =
    none +
    (measure.errors > 0 ? ` ⚠ ${measure.errors} errors` : '') +
    (invalid ? ' ⚠ wrong answer' : '');

  return `${num(measure.reqPerSec)}${spread}${perRows}${flag}`;
}

function rawRate(result: KindResult): string {
  const windows = result.rawWindows ?? [];
  const spread =
    windows.length > 1 ? ` (${num(Math.min(...windows))}–${num(Math.max(...windows))})` : '';

  return `${num(result.rawQps)}${spread}`;
}

function startup(start: TargetStart | undefined): string {
  const runs = start?.startupRuns ?? [];
  const spread =
    runs.length > 1 ? ` (${num(Math.min(...runs), 0)}–${num(Math.max(...runs), 0)})` : '';

  return `${num(start?.startupMs, 0)}${spread}`;
}

function latency(measure: KindMeasure | undefined): string {
  return measure ? `${num(measure.p50Ms, 0)}/${num(measure.p99Ms, 0)}` : '–';
}

function ratio(a: number | undefined, b: number | undefined): string {
  return a !== undefined && b ? `${(a / b).toFixed(2)}×` : '–';
}

function kindRow(result: KindResult): string {
  const { grove, vendor } = result.targets;
  const servedBy = result.groveOnly?.servedBy;
  const cells = [
    servedBy === 'platform' ? `${result.kind} ¹` : result.kind,
    result.groveOnly ? 'n/a' : rate(vendor, result.rowsPerRequest, result.invalid?.vendor),
    rate(grove, result.rowsPerRequest, result.invalid?.grove),
    result.groveOnly ? 'n/a' : ratio(grove?.reqPerSec, vendor?.reqPerSec),
    rawRate(result),
    ratio(grove?.reqPerSec, result.rawQps),
    latency(grove),
    latency(vendor),
    num(grove?.cpuMsPerRequest, 2),
    num(vendor?.cpuMsPerRequest, 2),
    num(grove?.peakRssMb, 0),
    num(vendor?.peakRssMb, 0),
  ];

  return `| ${cells.join(' | ')} |`;
}

function memoryCells(memory: OneRequestMemory | undefined): string[] {
  if (!memory) return ['–', '–'];
  const runs = memory.runs.map(mb => num(mb)).join(', ');

  return [
    `${num(memory.idleRssMb)} → ${num(memory.peakRssMb)}${memory.invalid ? ' ⚠ wrong answer' : ''}`,
    `+${num(memory.growthMb)} (${runs})`,
  ];
}

/** One row per probe of a kind: the vendor's and Grove's memory for one request. */
function oneRequestRows(result: KindResult): string[] {
  const grove = result.oneRequest?.grove ?? [];
  const vendor = result.oneRequest?.vendor ?? [];
  const labels = (grove.length >= vendor.length ? grove : vendor).map(m => m.label);

  return labels.map(label => {
    const cells = [
      `${result.kind}, ${label}`,
      ...memoryCells(vendor.find(m => m.label === label)),
      ...memoryCells(grove.find(m => m.label === label)),
    ];

    return `| ${cells.join(' | ')} |`;
  });
}

function databaseSection(database: DatabaseResults): string[] {
  const { grove, vendor } = database.starts;
  const empty = Array<string>(8).fill('');
  const lines = [
    `## ${database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} (${database.serverVersion})`,
    '',
    header,
    separator,
    ...database.kinds.map(kindRow),
    `| start-up ms | ${startup(vendor)} | ${startup(grove)} | ${ratio(grove?.startupMs, vendor?.startupMs)} | ${empty.join(' | ')} |`,
    `| idle RSS MB | ${num(vendor?.idleRssMb)} | ${num(grove?.idleRssMb)} | ${ratio(grove?.idleRssMb, vendor?.idleRssMb)} | ${empty.join(' | ')} |`,
    `| idle RSS after 30 s MB | ${num(vendor?.settledRssMb)} | ${num(grove?.settledRssMb)} | ${ratio(grove?.settledRssMb, vendor?.settledRssMb)} | ${empty.join(' | ')} |`,
    '',
  ];
  const probed = database.kinds.filter(k => k.oneRequest);
  if (probed.length > 0) {
    lines.push(
      'One request alone, in an agent started for it (median of 3 starts): peak RSS over the ' +
        "idle RSS of that agent 2 s after its start, MB (each start's growth in brackets).",
      '',
      '| request | vendor idle → peak | vendor growth | Grove idle → peak | Grove growth |',
      `|${' --- |'.repeat(5)}`,
      ...probed.flatMap(oneRequestRows),
      '',
    );
  }
  if (database.kinds.some(k => k.groveOnly)) {
    lines.push(
      'Grove-only kinds (vendor n/a: its published agent has no MCP server nor public API) run on ' +
        'a real Grove stack: the platform (standard mode, SQLite) and the agent with its MCP server, ' +
        'each in a process of its own. ¹ Served by the platform: its CPU and peak RSS are the ' +
        "platform process's, its raw query the page's SELECT on the platform's database.",
      '',
    );
  }
  const invalid = database.kinds.flatMap(k =>
    Object.entries(k.invalid ?? {}).map(
      ([target, message]) => `- ${target}, ${k.kind}: ${message.slice(0, 400)}`,
    ),
  );
  if (invalid.length > 0) {
    lines.push('Wrong answers (measured all the same, flagged ⚠):', '', ...invalid, '');
  }
  lines.push(`### Targets (${database.dialect})`, '');
  for (const verdict of evaluateTargets(database)) {
    const met = verdict.met === undefined ? 'n/a' : verdict.met ? 'met' : 'not met';
    lines.push(`- ${verdict.target}: **${met}** (${verdict.figure})`);
  }
  lines.push('');

  return lines;
}

/**
 * The results file (without its hand-written `## Profiles` section): machine, command,
 * parameters, one table per database and the targets checked against the numbers.
 *
 * @example
 * ```ts
 * writeFileSync('RESULTS.md', renderResults(results));
 * ```
 */
export function renderResults(results: BenchResults): string {
  const { machine, parameters } = results;
  const lines = [
    '# Grove agent benchmark',
    '',
    `Date: ${results.date}`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${num(machine.memoryGb)} GB, ${machine.os}, Node ${machine.node}. ` +
      `Grove ${machine.groveCommit}; vendor ${machine.vendorVersions}.`,
    '',
    `Command: \`${results.command}\``,
    '',
    `Parameters: scale ${parameters.scale}, ${parameters.windows} windows of ${parameters.durationSeconds} s per target ` +
      `(interleaved, after 1 s of warm-up), ${parameters.connections} connections, targets ${parameters.targets.join(', ')}. ` +
      'req/s: mean over the windows (min–max); p50: mean of the windows, p99: worst window; CPU: the ' +
      "agent's utime+stime over the windows / requests; raw: the same SQL from the runner, 10 workers, " +
      "a window after each round of the agents' (mean, min–max).",
    '',
    ...results.databases.flatMap(databaseSection),
  ];

  return `${lines.join('\n')}\n`;
}
