/**
 * Why a suite needing these environment variables cannot run: `no POSTGRES_URL, no REDIS_URL`
 * for the ones not set (or empty), `undefined` when every one is set.
 *
 * @param variables - The names of the variables the suite reads.
 *
 * @example
 * ```ts
 * describeOrSkip(missingEnv('POSTGRES_URL', 'REDIS_URL'), 'a deployment over Redis', () => { … });
 * ```
 */
export function missingEnv(...variables: readonly string[]): string | undefined {
  const missing = variables.filter(variable => !process.env[variable]);

  return missing.length === 0 ? undefined : missing.map(variable => `no ${variable}`).join(', ');
}
