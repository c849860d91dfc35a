import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchAgent } from '../bench-agent';
import type { BenchOptions } from '../cli/bench-options';
import { runWindow } from '../measure/run-window';
import { connectShop, openShop } from '../open-shop';
import { guardDataset } from '../requests/guard-dataset';
import { selectKinds } from '../requests/request-kinds';
import { validateKind } from '../requests/validate-kind';
import type { TargetName } from '../targets/target-options';
import { formatProfileSummary } from './format-profile-summary';
import { summarizeProfile } from './summarize-profile';
import type { CpuProfile } from './summarize-profile';

/**
 * `--profile <kind>`: starts one agent with `--cpu-prof`, validates the kind, loads it for one
 * window (after 1 s of warm-up), stops the agent and prints the profile's summary.
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
  const [kind] = selectKinds(options.profile);
  const dialect = options.dialects[0] ?? 'sqlite';
  if (!kind) throw new Error('--profile needs a kind');
  const database = await openShop(dialect, options.scale);
  const db = connectShop(database);
  const context = { dialect, size: database.size, db };
  const guard = await guardDataset(db, database.size);
  const directory = mkdtempSync(join(tmpdir(), `grove-bench-prof-${targetName}-`));
  let windowStart = Number.NEGATIVE_INFINITY;
  try {
    const agent = await startBenchAgent(targetName, database.url, sandboxUrl, {
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${directory}`],
    });
    try {
      await validateKind(kind, { url: agent.target.url, token: agent.token }, context);
      const base = {
        url: agent.target.url,
        pid: agent.target.pid,
        token: agent.token,
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
        `${targetName} ${kind.name} on ${dialect}: ${window.reqPerSec.toFixed(1)} req/s, p50/p99 ${window.p50Ms}/${window.p99Ms} ms, ` +
          `${(window.cpuMs / Math.max(1, window.sent)).toFixed(2)} ms CPU/req, ${window.errors} errors`,
      );
    } finally {
      await agent.target.stop();
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
