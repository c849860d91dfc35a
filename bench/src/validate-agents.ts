import type { BenchAgent } from './bench-agent';
import { validateKind } from './requests/validate-kind';
import type { RequestKind, ValidationContext } from './requests/request-kind';
import type { TargetName } from './targets/target-options';

/** The kinds an agent answered wrongly, with the message of each. */
export type ValidationFailures = Map<string, Partial<Record<TargetName, string>>>;

/**
 * The validation pass: each kind once per agent, checked against the database. Answers the
 * failures (kind → agent → message); the caller decides what a failure stops.
 *
 * @example
 * ```ts
 * const failures = await validateAgents(agents, kinds, context);
 * ```
 */
export async function validateAgents(
  agents: readonly BenchAgent[],
  kinds: readonly RequestKind[],
  context: ValidationContext,
  log: (line: string) => void = console.log,
): Promise<ValidationFailures> {
  const failures: ValidationFailures = new Map();
  for (const kind of kinds) {
    for (const agent of agents) {
      try {
        await validateKind(kind, { url: agent.target.url, token: agent.token }, context);
        log(`  valid: ${agent.name} ${kind.name}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.set(kind.name, { ...failures.get(kind.name), [agent.name]: message });
        log(`  WRONG ANSWER: ${agent.name} ${kind.name}: ${message}`);
      }
    }
  }

  return failures;
}
