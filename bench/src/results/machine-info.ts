import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import type { MachineInfo } from './bench-results';

function packageVersion(name: string): string {
  try {
    const path = require.resolve(join(name, 'package.json'));

    return `${name} ${(JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version}`;
  } catch {
    return `${name} (not installed)`;
  }
}

/**
 * Describes the machine, Node, Grove's commit and the vendor's packages.
 *
 * @example
 * ```ts
 * machineInfo().cores; // 2
 * ```
 */
export function machineInfo(): MachineInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname })
      .toString()
      .trim();
  } catch {
    // Not a git checkout.
  }

  return {
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    cores: cpus().length,
    memoryGb: totalmem() / 1024 ** 3,
    os: `${osType()} ${release()}`,
    node: process.version,
    groveCommit: commit,
    vendorVersions: ['@forestadmin/agent', '@forestadmin/datasource-sql']
      .map(packageVersion)
      .join(', '),
  };
}
