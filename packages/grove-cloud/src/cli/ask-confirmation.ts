import type { CliDeps } from './cli-deps';
import { BusinessError } from '../errors/business-error';

/**
 * Asks a yes/no question; only `yes` or `y` (any case) go on, anything else throws
 * "Operation aborted".
 *
 * @example
 * ```ts
 * await askConfirmation(deps, 'Do you want to continue?');
 * ```
 */
export async function askConfirmation(deps: CliDeps, question: string): Promise<void> {
  const answer = (await deps.prompt(`${question} (yes/no) `)).trim().toLowerCase();
  if (answer !== 'yes' && answer !== 'y') throw new BusinessError('Operation aborted');
}
