import type { ProfileSummary } from './summarize-profile';

/**
 * A profile summary as text: the top functions by self time, then the split by package.
 *
 * @example
 * ```ts
 * console.log(formatProfileSummary(summarizeProfile(profile)));
 * ```
 */
export function formatProfileSummary(summary: ProfileSummary): string {
  const lines = [
    `busy ${summary.busyMs.toFixed(0)} ms (idle ${summary.idleMs.toFixed(0)} ms left out)`,
    '',
    'self ms      %  function  (location)',
    ...summary.top.map(
      f =>
        `${f.selfMs.toFixed(1).padStart(7)} ${f.percent.toFixed(1).padStart(6)}  ${f.name}  (${f.location || 'native'})`,
    ),
    '',
    '     ms      %  package',
    ...summary.packages.map(
      p => `${p.ms.toFixed(1).padStart(7)} ${p.percent.toFixed(1).padStart(6)}  ${p.package}`,
    ),
  ];

  return lines.join('\n');
}
