import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const profilesHeading = '## Profiles';
const placeholder = `${profilesHeading}\n\n_Filled by hand: \`node dist/run-bench.js --profile <kind>\` summaries and what they show._\n`;

/**
 * The new contents of a results file: the rendered results, then the file's existing
 * `## Profiles` section (everything from that heading on, written by hand), or a placeholder.
 *
 * @example
 * ```ts
 * mergeProfiles(renderResults(results), readFileSync('RESULTS.md', 'utf8'));
 * ```
 */
export function mergeProfiles(rendered: string, previous: string | undefined): string {
  const at = previous === undefined ? -1 : previous.search(/^## Profiles\b/m);
  const profiles = at >= 0 && previous !== undefined ? previous.slice(at) : placeholder;

  return `${rendered.trimEnd()}\n\n${profiles}`;
}

/**
 * Writes the results file, keeping its hand-written `## Profiles` section.
 *
 * @example
 * ```ts
 * writeResults('RESULTS.md', renderResults(results));
 * ```
 */
export function writeResults(file: string, rendered: string): void {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeFileSync(file, mergeProfiles(rendered, previous));
}
