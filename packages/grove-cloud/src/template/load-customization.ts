import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Agent } from '../agent';
import { CustomizationError } from '../errors/business-error';

/** The entry point of a built customization: `export default function customizeAgent(agent)`. */
export type CustomizeAgent = (agent: Agent) => unknown;

/** Where a project's build puts its customization, relative to the project folder. */
export const builtCustomizationFolder = 'dist/code-customizations';

/**
 * The {@link CustomizationError} of a failure in customization code (loading, calling or
 * building it): "Issue with customizations: <name>\n<message>", with the original stack.
 *
 * @example
 * ```ts
 * throw toCustomizationError(new TypeError('x is undefined'));
 * ```
 */
export function toCustomizationError(error: unknown): CustomizationError {
  const { name, message, stack } =
    error instanceof Error ? error : { name: 'Error', message: String(error), stack: undefined };
  const wrapped = new CustomizationError(`Issue with customizations: ${name}\n${message}`, {
    cause: error,
  });
  // The customization's own stack points at the user's line, ours at the CLI.
  if (stack) wrapped.stack = stack;

  return wrapped;
}

/**
 * Loads the built customization of a project (`<projectDir>/dist/code-customizations`, CommonJS):
 * its `default` export if there is one, else the module itself. Throws a
 * {@link CustomizationError} when that is not a function, or when loading the module throws.
 * Checking that the build exists is the caller's job.
 *
 * @param projectDir - The project folder (usually the current directory).
 * @example
 * ```ts
 * const customizeAgent = loadCustomization(process.cwd());
 * await applyCustomization(customizeAgent, agent);
 * ```
 */
export function loadCustomization(projectDir: string): CustomizeAgent {
  const path = resolve(projectDir, builtCustomizationFolder);
  let loaded: unknown;
  try {
    loaded = createRequire(path)(path);
  } catch (error) {
    throw toCustomizationError(error);
  }
  const entry =
    typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : loaded;
  if (typeof entry !== 'function') {
    throw new CustomizationError('Customization file must export a function');
  }

  return entry as CustomizeAgent;
}

/**
 * Calls a customization on an agent; an error it throws (or rejects with) becomes a
 * {@link CustomizationError} "Issue with customizations: <name>\n<message>" keeping its stack.
 *
 * @example
 * ```ts
 * await applyCustomization(loadCustomization(process.cwd()), agent);
 * ```
 */
export async function applyCustomization(customize: CustomizeAgent, agent: Agent): Promise<void> {
  try {
    await customize(agent);
  } catch (error) {
    throw toCustomizationError(error);
  }
}
