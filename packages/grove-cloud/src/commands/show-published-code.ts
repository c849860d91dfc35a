import type { Reporter } from '../cli/reporter';
import type { PublishedCodeDetails } from '@grove/platform-client/hosting';

/**
 * Tells that code is already published on the hosted environment, when and by whom.
 *
 * @example
 * ```ts
 * if (details) showPublishedCode(reporter, details);
 * ```
 */
export function showPublishedCode(reporter: Reporter, details: PublishedCodeDetails): void {
  reporter.warn('There is already deployed customization code on your project');
  reporter.info(
    `Last code pushed ${details.relativeDate}, by ${details.user.name} (${details.user.email})`,
  );
}
