import type { BenchOptions } from '../cli/bench-options';
import { runRawWindow, summarizeRawWindows } from '../measure/run-raw-window';
import { runWindow } from '../measure/run-window';
import { summarizeWindows } from '../measure/window-measure';
import type { WindowMeasure } from '../measure/window-measure';
import { validateKind } from '../requests/validate-kind';
import type { ValidationContext } from '../requests/request-kind';
import type { KindResult } from '../results/bench-results';
import { generateActivityLogs } from './generate-activity-logs';
import { stackKinds } from './stack-kinds';
import type { StackKind, StackKindName } from './stack-kind';
import { startGroveStack } from './start-grove-stack';
import type { GroveStack } from './start-grove-stack';

/** Thrown when the Grove stack answers a kind wrongly: nothing is measured. */
export class GroveStackWrongAnswerError extends Error {
  readonly code = 'GroveStackWrongAnswer';
}

/** The process that serves a kind, and the credential it takes. */
function endpointOf(stack: GroveStack, kind: StackKind) {
  return kind.servedBy === 'platform'
    ? { url: stack.platform.url, pid: stack.platform.pid, token: stack.apiToken }
    : { url: stack.agent.url, pid: stack.agent.pid, token: stack.mcpToken };
}

async function measureStackKind(
  stack: GroveStack,
  kind: StackKind,
  context: ValidationContext,
  options: BenchOptions,
): Promise<KindResult> {
  const endpoint = endpointOf(stack, kind);
  const windows: WindowMeasure[] = [];
  let next = 1;
  const load = async (durationSeconds: number) => {
    const measure = await runWindow({
      ...endpoint,
      kind,
      context,
      connections: options.connections,
      durationSeconds,
      firstRequest: next,
    });
    next = measure.next;

    return measure;
  };
  const raw = (durationSeconds: number) =>
    runRawWindow({
      db: kind.servedBy === 'platform' ? stack.platformDb : context.db,
      kind,
      context,
      workers: 10,
      durationSeconds,
    });
  await load(1); // warm-up
  await raw(1);
  const rawWindows: number[] = [];
  for (let w = 0; w < options.windows; w += 1) {
    // Interleaved with the raw SQL's windows (grove, raw, grove, …), like the agents' kinds.
    const measure = await load(options.durationSeconds);
    windows.push(measure);
    console.log(
      `  ${kind.name} grove (${kind.servedBy}) window ${w + 1}: ${measure.reqPerSec.toFixed(1)} req/s, ` +
        `p99 ${measure.p99Ms} ms, ${(measure.cpuMs / Math.max(1, measure.sent)).toFixed(2)} ms CPU/req` +
        `${measure.errors ? `, ${measure.errors} ERRORS` : ''}`,
    );
    const rawQps = await raw(options.durationSeconds);
    if (rawQps !== undefined) {
      rawWindows.push(rawQps);
      console.log(`  ${kind.name} raw window ${w + 1}: ${rawQps.toFixed(1)} q/s`);
    }
  }

  return {
    kind: kind.name,
    family: kind.family,
    ...summarizeRawWindows(rawWindows),
    targets: { grove: summarizeWindows(windows) },
    groveOnly: { servedBy: kind.servedBy },
  };
}

/**
 * The Grove stack phase on one shop: starts a real platform and the Grove agent with its MCP
 * server ({@link startGroveStack}), fills the activity logs with list requests, validates each
 * Grove-only kind against the databases (a wrong answer stops the run), then measures each one
 * on the process that serves it (windows, CPU and RSS of that process, its raw query).
 *
 * @example
 * ```ts
 * const rows = await benchStack(['MCP tool call'], context, database.url, options);
 * ```
 */
export async function benchStack(
  names: readonly StackKindName[],
  context: ValidationContext,
  databaseUrl: string,
  options: BenchOptions,
): Promise<KindResult[]> {
  const started = Date.now();
  const stack = await startGroveStack({ databaseUrl });
  console.log(
    `  Grove stack: platform pid ${stack.platform.pid}, agent pid ${stack.agent.pid} (MCP mounted), ` +
      `tokens issued, in ${Date.now() - started} ms`,
  );
  try {
    const logs = await generateActivityLogs(stack, context, 60);
    console.log(`  ${logs} activity logs on the platform`);
    const kinds = stackKinds(stack).filter(kind => names.includes(kind.name));
    // The platform's kinds first: the MCP call's read log reaches the platform a second later,
    // and a log page read meanwhile would not be the one the database holds.
    const checked = [
      ...kinds.filter(kind => kind.servedBy === 'platform'),
      ...kinds.filter(kind => kind.servedBy !== 'platform'),
    ];
    for (const kind of checked) {
      try {
        await validateKind(kind, endpointOf(stack, kind), context);
        console.log(`  valid: grove ${kind.name}`);
      } catch (error) {
        throw new GroveStackWrongAnswerError(
          `The Grove stack answered wrongly on ${context.dialect}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const results: KindResult[] = [];
    for (const kind of options.validateOnly ? [] : kinds) {
      results.push(await measureStackKind(stack, kind, context, options));
    }

    return results;
  } finally {
    await stack.stop();
  }
}
