import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchAgent } from '../bench-agent';
import type { BenchOptions } from '../cli/bench-options';
import { runWindow } from '../measure/run-window';
import { connectShop, openShop } from '../open-shop';
import { guardDataset } from '../requests/guard-dataset';
import { selectKinds } from '../requests/request-kinds';
import type { RequestKind, ValidationContext } from '../requests/request-kind';
import { validateKind } from '../requests/validate-kind';
import { generateActivityLogs } from '../stack/generate-activity-logs';
import { stackKindNames } from '../stack/stack-kind';
import { stackKinds } from '../stack/stack-kinds';
import { startGroveStack } from '../stack/start-grove-stack';
import type { TargetName } from '../targets/target-options';
import { formatProfileSummary } from './format-profile-summary';
import { summarizeProfile } from './summarize-profile';
import type { CpuProfile } from './summarize-profile';

/** The process a profile loads: where to send the kind, with which token, and how to stop it. */
interface ProfiledProcess {
  readonly label: string;
  readonly kind: RequestKind;
  readonly url: string;
  readonly pid: number;
  readonly token: string;
  stop(): Promise<void>;
}

/** What {@link startProfiled} starts: the kind's name, the target, where, and with which flags. */
interface ProfiledOptions {
  readonly name: string;
  readonly targetName: TargetName;
  readonly context: ValidationContext;
  readonly databaseUrl: string;
  readonly sandboxUrl: string;
  readonly nodeFlags: readonly string[];
}

/** An agent of the sandbox, or (Grove-only kinds) the Grove stack's process that serves the kind. */
async function startProfiled(options: ProfiledOptions): Promise<ProfiledProcess> {
  const { name, targetName, context, databaseUrl, sandboxUrl, nodeFlags } = options;
  if (!(stackKindNames as readonly string[]).includes(name)) {
    const [kind] = selectKinds(name);
    if (!kind) throw new Error('--profile needs a kind');
    const agent = await startBenchAgent(targetName, databaseUrl, sandboxUrl, { nodeFlags });

    return {
      label: targetName,
      kind,
      url: agent.target.url,
      pid: agent.target.pid,
      token: agent.token,
      stop: () => agent.target.stop(),
    };
  }
  if (targetName !== 'grove') throw new Error(`"${name}" is a Grove-only kind`);
  // The platform serves the public API: profile it; the agent serves the MCP tool call.
  const servedBy = name === 'public API log page' ? 'platform' : 'agent';
  const stack = await startGroveStack({ databaseUrl, nodeFlags: { [servedBy]: nodeFlags } });
  try {
    await generateActivityLogs(stack, context, 60);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const kind = stackKinds(stack).find(k => k.name === name) as RequestKind;
  const [url, pid, token] =
    servedBy === 'platform'
      ? [stack.platform.url, stack.platform.pid, stack.apiToken]
      : [stack.agent.url, stack.agent.pid, stack.mcpToken];

  return { label: `grove ${servedBy}`, kind, url, pid, token, stop: () => stack.stop() };
}

/**
 * `--profile <kind>`: starts one agent with `--cpu-prof` (a Grove-only kind: the Grove stack,
 * with `--cpu-prof` on the process that serves it), validates the kind, loads it for one window
 * (after 1 s of warm-up), stops the process and prints the profile's summary.
 *
 * @example
 * ```ts
 * await runProfile({ ...options, profile: 'count' }, 'grove', sandbox.url);
 * ```
 */
export async function runProfile(
  options: BenchOptions,
  targetName: TargetName,
  sandboxUrl: string,
): Promise<void> {
  const dialect = options.dialects[0] ?? 'sqlite';
  if (!options.profile) throw new Error('--profile needs a kind');
  const database = await openShop(dialect, options.scale);
  const db = connectShop(database);
  const context = { dialect, size: database.size, db };
  const guard = await guardDataset(db, database.size);
  const directory = mkdtempSync(join(tmpdir(), `grove-bench-prof-${targetName}-`));
  let windowStart = Number.NEGATIVE_INFINITY;
  try {
    const profiled = await startProfiled({
      name: options.profile,
      targetName,
      context,
      databaseUrl: database.url,
      sandboxUrl,
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${directory}`],
    });
    const { kind } = profiled;
    try {
      await validateKind(kind, profiled, context);
      const base = {
        url: profiled.url,
        pid: profiled.pid,
        token: profiled.token,
        kind,
        context,
        connections: options.connections,
      };
      const warm = await runWindow({ ...base, durationSeconds: 1 });
      // V8 stamps its samples with the monotonic clock, as process.hrtime reads it.
      windowStart = Number(process.hrtime.bigint() / 1000n);
      const window = await runWindow({
        ...base,
        durationSeconds: options.durationSeconds,
        firstRequest: warm.next,
      });
      console.log(
        `${profiled.label} ${kind.name} on ${dialect}: ${window.reqPerSec.toFixed(1)} req/s, p50/p99 ${window.p50Ms}/${window.p99Ms} ms, ` +
          `${(window.cpuMs / Math.max(1, window.sent)).toFixed(2)} ms CPU/req, ${window.errors} errors`,
      );
    } finally {
      await profiled.stop();
    }
    const file = readdirSync(directory).find(name => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`No .cpuprofile written in ${directory}`);
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    const summary = summarizeProfile(profile, 25, windowStart);
    // Should the clocks differ, the whole profile (start-up included) is summarised.
    const whole = summary.busyMs === 0;
    console.log(
      `profile: ${join(directory, file)} (${whole ? 'whole process' : 'the load window only'})\n`,
    );
    console.log(formatProfileSummary(whole ? summarizeProfile(profile, 25) : summary));
  } finally {
    await guard.restore();
    await db.close();
  }
}
