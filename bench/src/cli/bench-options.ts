import type { BenchDialect } from '../requests/request-kind';
import type { TargetName } from '../targets/target-options';

/** The runner's options (see `bench/README.md`). */
export interface BenchOptions {
  readonly scale: number;
  readonly dialects: readonly BenchDialect[];
  readonly targets: readonly TargetName[];
  readonly kinds: string | undefined;
  readonly windows: number;
  readonly durationSeconds: number;
  readonly connections: number;
  readonly out: string;
  readonly json: string | undefined;
  readonly validateOnly: boolean;
  /** `--skip-stack`: leave out the Grove stack phase (MCP tool call, public API log page). */
  readonly skipStack: boolean;
  /** `--profile <kind>`: profile one kind on one target and database. */
  readonly profile: string | undefined;
}

const VALUED = [
  '--db',
  '--profile',
  '--targets',
  '--target',
  '--kinds',
  '--scale',
  '--windows',
  '--duration',
  '--connections',
  '--out',
  '--json',
];
const FLAGS = ['--validate-only', '--skip-stack'];

/** Refuses what the runner does not know (`--help` included): a typo must not start a 40-minute run. */
function checkKnown(argv: readonly string[]): void {
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at]!;
    if (VALUED.includes(arg)) at += 1;
    else if (!FLAGS.includes(arg)) {
      throw new Error(
        `Unknown argument "${arg}". Options: ${[...VALUED, ...FLAGS].join(', ')} (bench/README.md)`,
      );
    }
  }
}

function valueOf(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  if (at < 0) return undefined;
  const value = argv[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);

  return value;
}

function positive(argv: readonly string[], name: string, fallback: number): number {
  const raw = valueOf(argv, name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got ${raw}`);

  return value;
}

/**
 * Reads the runner's command line; an unknown argument is an error. `--db` defaults to SQLite, plus PostgreSQL when POSTGRES_URL
 * is set; `--targets` to both agents (the vendor's only when installed).
 *
 * @example
 * ```ts
 * parseBenchOptions(['--kinds', 'list,count', '--windows', '1'], { postgres: false, vendor: true });
 * ```
 */
export function parseBenchOptions(
  argv: readonly string[],
  available: { readonly postgres: boolean; readonly vendor: boolean; readonly defaultOut: string },
): BenchOptions {
  checkKnown(argv);
  const db = valueOf(argv, '--db');
  const profile = valueOf(argv, '--profile');
  const dialects: BenchDialect[] =
    db === 'sqlite' || db === 'postgres'
      ? [db]
      : db === 'both' || (db === undefined && available.postgres && profile === undefined)
        ? ['sqlite', 'postgres']
        : db === undefined
          ? ['sqlite']
          : [];
  if (dialects.length === 0) throw new Error(`--db must be sqlite, postgres or both, got ${db}`);
  if (dialects.includes('postgres') && !available.postgres) {
    throw new Error('--db postgres needs POSTGRES_URL');
  }
  const targetList = valueOf(argv, '--targets') ?? valueOf(argv, '--target');
  const targets = (targetList ?? (available.vendor ? 'grove,vendor' : 'grove'))
    .split(',')
    .map(name => name.trim());
  for (const target of targets) {
    if (target !== 'grove' && target !== 'vendor') throw new Error(`Unknown target "${target}"`);
  }

  return {
    scale: positive(argv, '--scale', 1),
    dialects,
    targets: targets as TargetName[],
    kinds: valueOf(argv, '--kinds'),
    windows: positive(argv, '--windows', 4),
    durationSeconds: positive(argv, '--duration', 8),
    connections: positive(argv, '--connections', 10),
    out: valueOf(argv, '--out') ?? available.defaultOut,
    json: valueOf(argv, '--json'),
    validateOnly: argv.includes('--validate-only'),
    skipStack: argv.includes('--skip-stack'),
    profile,
  };
}
