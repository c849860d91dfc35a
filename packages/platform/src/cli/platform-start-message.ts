import type { Platform } from '../create-platform';

/**
 * What `grove-platform` prints once it listens: the URLs, and on the first start only, the
 * admin's first password (one-time when generated: the console asks for a new one at the first
 * login) and the development environment's env secret (never again: only their hashes are
 * stored).
 *
 * @example
 * ```ts
 * console.log(platformStartMessage(platform));
 * ```
 */
export function platformStartMessage(platform: Platform): string {
  const lines = ['', `Grove platform listening on ${platform.url}`, ''];
  const { bootstrap } = platform;

  if (bootstrap) {
    lines.push(
      'First start: created the admin, a project and its development environment.',
      'These secrets are shown this once; store them now.',
      '',
      `  Admin login:     ${bootstrap.adminEmail}`,
      `  Admin password:  ${bootstrap.adminPassword}` +
        (bootstrap.mustChangePassword
          ? '  (one-time: you choose your own at the first login)'
          : ''),
      `  Env secret (${bootstrap.project.name} / ${bootstrap.environment.name}):`,
      `    GROVE_ENV_SECRET=${bootstrap.envSecret}`,
      '',
      `Point the agent at the platform: GROVE_SERVER_URL=${platform.url}`,
      '',
    );
  }

  return lines.join('\n');
}
