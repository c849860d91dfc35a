import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchOptions } from './cli/bench-options';
import { startBenchAgent } from './bench-agent';
import type { BenchAgent } from './bench-agent';
import { measureOneRequest } from './measure/measure-one-request';
import type { OneRequestMemory } from './measure/measure-one-request';
import { median } from './measure/median';
import { readRssMb } from './measure/process-stats';
import { runRawWindow, summarizeRawWindows } from './measure/run-raw-window';
import { runWindow } from './measure/run-window';
import { summarizeWindows } from './measure/window-measure';
import type { KindMeasure, WindowMeasure } from './measure/window-measure';
import { connectShop, openShop, serverVersion } from './open-shop';
import { guardDataset } from './requests/guard-dataset';
import type { BenchDialect, RequestKind, ValidationContext } from './requests/request-kind';
import type { DatabaseResults, KindResult, TargetStart } from './results/bench-results';
import type { TargetName } from './targets/target-options';
import { benchStack } from './stack/bench-stack';
import type { StackKindName } from './stack/stack-kind';
import { validateAgents } from './validate-agents';

/** Thrown when Grove's agent answers a kind wrongly: nothing is measured. */
export class GroveWrongAnswerError extends Error {
  readonly code = 'GroveWrongAnswer';
}

/** How many times each agent is started for its start-up time (the median counts). */
const startsPerAgent = 3;

/** When the settled idle RSS is read: this long after an agent's start, without a request. */
const settledAfterMs = 30_000;

async function startAll(
  names: readonly TargetName[],
  databaseUrl: string,
  sandboxUrl: string,
  settle: boolean,
): Promise<{ agents: BenchAgent[]; starts: Partial<Record<TargetName, TargetStart>> }> {
  const agents: BenchAgent[] = [];
  const starts: Partial<Record<TargetName, TargetStart>> = {};
  let lastStart = Date.now();
  for (const name of names) {
    // Start-up: the median of `startsPerAgent` starts (one slow start is not the agent's start-up);
    // the last one stays up and is measured.
    const startupRuns: number[] = [];
    for (let run = 1; run < (settle ? startsPerAgent : 1); run += 1) {
      const trial = await startBenchAgent(name, databaseUrl, sandboxUrl);
      startupRuns.push(trial.target.startupMs);
      await trial.target.stop();
    }
    const agent = await startBenchAgent(name, databaseUrl, sandboxUrl);
    startupRuns.push(agent.target.startupMs);
    lastStart = Date.now();
    agents.push(agent);
    await sleep(2000); // idle RSS: 2 s after the start, before any load
    starts[name] = {
      startupMs: median(startupRuns),
      ...(startupRuns.length > 1 ? { startupRuns } : {}),
      idleRssMb: readRssMb(agent.target.pid),
    };
    console.log(
      `  ${name}: started in ${startupRuns.map(ms => ms.toFixed(0)).join(', ')} ms, idle RSS ${starts[name]?.idleRssMb.toFixed(1)} MB`,
    );
  }
  // Settled idle RSS: every agent 30 s or more after its start, still without a request (not
  // worth the wait for a validation pass).
  if (!settle) return { agents, starts };
  await sleep(Math.max(0, lastStart + settledAfterMs - Date.now()));
  for (const agent of agents) {
    const start = starts[agent.name];
    if (!start) continue;
    starts[agent.name] = { ...start, settledRssMb: readRssMb(agent.target.pid) };
    console.log(
      `  ${agent.name}: idle RSS ${starts[agent.name]?.settledRssMb?.toFixed(1)} MB after 30 s`,
    );
  }

  return { agents, starts };
}

/** Where fresh agents are started: the shop's URL and the platform sandbox's. */
interface AgentPlace {
  readonly databaseUrl: string;
  readonly sandboxUrl: string;
}

/** The kind's one-request probes, each in fresh agents of every target (see `OneRequestProbe`). */
async function measureProbes(
  kind: RequestKind,
  names: readonly TargetName[],
  context: ValidationContext,
  place: AgentPlace,
): Promise<KindResult['oneRequest']> {
  const probes = kind.oneRequestProbes?.(context) ?? [];
  if (probes.length === 0) return undefined;
  const memory: Partial<Record<TargetName, OneRequestMemory[]>> = {};
  for (const name of names) {
    const list: OneRequestMemory[] = [];
    for (const probe of probes) {
      const start = () => startBenchAgent(name, place.databaseUrl, place.sandboxUrl);
      const measured = await measureOneRequest({ start, probe, context });
      list.push(measured);
      console.log(
        `  ${kind.name} ${name}, one request of ${probe.label} in a fresh agent: idle + ${measured.growthMb.toFixed(1)} MB ` +
          `(${measured.runs.map(mb => mb.toFixed(1)).join(', ')})${measured.invalid ? ` WRONG ANSWER: ${measured.invalid}` : ''}`,
      );
    }
    memory[name] = list;
  }

  return memory;
}

async function measureKind(
  kind: RequestKind,
  agents: readonly BenchAgent[],
  context: ValidationContext,
  options: BenchOptions,
  place: AgentPlace,
): Promise<KindResult> {
  const windows = new Map<TargetName, WindowMeasure[]>(agents.map(a => [a.name, []]));
  const next = new Map<TargetName, number>(agents.map(a => [a.name, 1]));
  const load = async (agent: BenchAgent, durationSeconds: number) => {
    const measure = await runWindow({
      url: agent.target.url,
      pid: agent.target.pid,
      token: agent.token,
      kind,
      context,
      connections: kind.connections ?? options.connections,
      durationSeconds,
      firstRequest: next.get(agent.name),
    });
    next.set(agent.name, measure.next);

    return measure;
  };
  const raw = (durationSeconds: number) =>
    runRawWindow({ db: context.db, kind, context, workers: 10, durationSeconds });
  for (const agent of agents) await load(agent, 1); // warm-up
  await raw(1);
  const rawWindows: number[] = [];
  for (let w = 0; w < options.windows; w += 1) {
    // Interleaved (grove, vendor, raw, grove, …): a drift of the machine hits all alike.
    for (const agent of agents) {
      const measure = await load(agent, options.durationSeconds);
      windows.get(agent.name)?.push(measure);
      console.log(
        `  ${kind.name} ${agent.name} window ${w + 1}: ${measure.reqPerSec.toFixed(1)} req/s, p99 ${measure.p99Ms} ms, ` +
          `${(measure.cpuMs / Math.max(1, measure.sent)).toFixed(2)} ms CPU/req${measure.errors ? `, ${measure.errors} ERRORS` : ''}`,
      );
    }
    const rawQps = await raw(options.durationSeconds);
    if (rawQps !== undefined) {
      rawWindows.push(rawQps);
      console.log(`  ${kind.name} raw window ${w + 1}: ${rawQps.toFixed(1)} q/s`);
    }
  }
  const targets: Partial<Record<TargetName, KindMeasure>> = {};
  for (const [name, list] of windows) targets[name] = summarizeWindows(list);
  const oneRequest = await measureProbes(
    kind,
    agents.map(agent => agent.name),
    context,
    place,
  );

  return {
    kind: kind.name,
    family: kind.family,
    ...(kind.rowsPerRequest ? { rowsPerRequest: kind.rowsPerRequest(context) } : {}),
    ...(kind.connections === undefined ? {} : { connections: kind.connections }),
    ...summarizeRawWindows(rawWindows),
    targets,
    ...(oneRequest ? { oneRequest } : {}),
  };
}

/**
 * Runs the benchmark on one database: start-up and idle RSS of each agent, the validation pass
 * (a wrong answer of Grove stops the run; a wrong answer of the vendor is measured all the
 * same and flagged in the table), then each kind's windows, interleaved with its raw SQL's;
 * then, when Grove is a target, the Grove stack phase (the Grove-only kinds, on a real platform:
 * see `stack/bench-stack.ts`). The write kinds' changes are undone at the end.
 *
 * @example
 * ```ts
 * const results = await benchDatabase('sqlite', kinds, ['MCP tool call'], options, sandbox.url);
 * ```
 */
export async function benchDatabase(
  dialect: BenchDialect,
  kinds: readonly RequestKind[],
  stackKinds: readonly StackKindName[],
  options: BenchOptions,
  sandboxUrl: string,
): Promise<DatabaseResults> {
  const started = Date.now();
  const database = await openShop(dialect, options.scale);
  console.log(`${database.url}: ready in ${Date.now() - started} ms`);
  const db = connectShop(database);
  const context: ValidationContext = { dialect, size: database.size, db };
  const guard = await guardDataset(db, database.size);
  let agents: BenchAgent[] = [];
  try {
    // Only Grove-only kinds selected: no agent of the sandbox to start.
    const started =
      kinds.length === 0
        ? { agents: [], starts: {} }
        : await startAll(options.targets, database.url, sandboxUrl, !options.validateOnly);
    agents = started.agents;
    const failures = await validateAgents(agents, kinds, context);
    const groveFailures = [...failures].filter(([, f]) => f.grove !== undefined);
    if (groveFailures.length > 0) {
      throw new GroveWrongAnswerError(
        `Grove's agent answered wrongly on ${dialect}:\n${groveFailures.map(([k, f]) => `- ${k}: ${f.grove}`).join('\n')}`,
      );
    }
    const results: KindResult[] = [];
    for (const kind of options.validateOnly ? [] : kinds) {
      // Only the vendor can be wrong here: it is measured all the same, and flagged.
      const invalid = failures.get(kind.name);
      const result = await measureKind(kind, agents, context, options, {
        databaseUrl: database.url,
        sandboxUrl,
      });
      results.push(invalid ? { ...result, invalid } : result);
    }
    // The sandbox's agents stop first: the stack's windows have the machine to themselves.
    for (const agent of agents.splice(0)) await agent.target.stop();
    if (options.targets.includes('grove') && stackKinds.length > 0) {
      results.push(...(await benchStack(stackKinds, context, database.url, options)));
    }

    return {
      dialect,
      serverVersion: await serverVersion(db, dialect),
      kinds: results,
      starts: started.starts,
    };
  } finally {
    for (const agent of agents) await agent.target.stop();
    await guard.restore();
    await db.close();
  }
}
