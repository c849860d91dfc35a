/** A V8 CPU profile (`.cpuprofile`), as `node --cpu-prof` writes it. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      /** 0-based. */
      readonly lineNumber: number;
    };
  }[];
  /** Microseconds of the monotonic clock (CLOCK_MONOTONIC on Linux, as `process.hrtime`). */
  readonly startTime?: number;
  readonly samples: readonly number[];
  /** Microseconds since the previous sample (the first: since `startTime`). */
  readonly timeDeltas: readonly number[];
}

/** The packages a profile's time is split by. */
export const profilePackages = [
  'node internals',
  'express',
  'sequelize',
  'sqlite3/pg',
  '@grove/agent',
  '@grove/datasource-sql',
  '@grove/datasource-customizer',
  '@grove/datasource-toolkit',
  // The Grove stack's kinds: the MCP server in the agent, the public API in the platform.
  '@grove/mcp-server',
  '@grove/platform',
  '@grove/public-api',
  'MCP SDK, zod, ajv',
  '@forestadmin (vendor)',
  'other',
] as const;

/** One of {@link profilePackages}. */
export type ProfilePackage = (typeof profilePackages)[number];

/** A function's self time. */
export interface ProfileFunction {
  readonly name: string;
  /** `file:line`, shortened to the package path (`@grove/agent/dist/index.js:120`). */
  readonly location: string;
  readonly package: ProfilePackage;
  readonly selfMs: number;
  /** Share of the busy time (idle excluded). */
  readonly percent: number;
}

/** What {@link summarizeProfile} answers. */
export interface ProfileSummary {
  /** Sampled time the thread was busy (idle excluded), ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  readonly top: readonly ProfileFunction[];
  readonly packages: readonly {
    readonly package: ProfilePackage;
    readonly ms: number;
    readonly percent: number;
  }[];
}

const groveFolders: Record<string, ProfilePackage> = {
  agent: '@grove/agent',
  'datasource-sql': '@grove/datasource-sql',
  'datasource-customizer': '@grove/datasource-customizer',
  'datasource-toolkit': '@grove/datasource-toolkit',
  'mcp-server': '@grove/mcp-server',
  platform: '@grove/platform',
  'public-api': '@grove/public-api',
};

/**
 * The package path of a script URL: after the last `node_modules/`, or `@grove/<name>/…` for a
 * workspace package (`…/packages/<name>/dist/x.js`).
 *
 * @example
 * ```ts
 * shortenUrl('file:///r/node_modules/.pnpm/x/node_modules/express/lib/router/index.js');
 * // 'express/lib/router/index.js'
 * ```
 */
export function shortenUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) return path.slice(modules + 'node_modules/'.length);
  const workspace = /\/packages\/([^/]+)\/(.*)$/.exec(path);
  if (workspace) return `@grove/${workspace[1]}/${workspace[2]}`;

  return path;
}

/**
 * The package a frame's script belongs to.
 *
 * @example
 * ```ts
 * packageOf('node:internal/streams/writable'); // 'node internals'
 * ```
 */
export function packageOf(url: string): ProfilePackage {
  if (url === '' || url.startsWith('node:')) return 'node internals';
  const short = shortenUrl(url);
  const grove = /^@grove\/([^/]+)/.exec(short);
  if (grove) return groveFolders[grove[1] ?? ''] ?? 'other';
  if (short.startsWith('@forestadmin/')) return '@forestadmin (vendor)';
  const name = short.split('/')[0] ?? '';
  if (name === 'express' || name === 'router' || name === 'body-parser') return 'express';
  if (name === 'sequelize') return 'sequelize';
  if (['@modelcontextprotocol', 'zod', 'ajv', 'ajv-formats'].includes(name)) {
    return 'MCP SDK, zod, ajv';
  }
  if (name === 'sqlite3' || name === 'pg' || name === 'pg-protocol' || name === 'pg-pool')
    return 'sqlite3/pg';

  return 'other';
}

/**
 * Summarises a CPU profile: the functions with the most self time, and the busy time split by
 * package. Idle time (`(idle)`) is left out of the shares. With `fromMicros` (a time of the
 * profile's clock), only the samples from then on count: the load window without the start-up.
 *
 * @example
 * ```ts
 * const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')), 25);
 * summary.top[0]; // { name: 'serialize', location: '@grove/agent/dist/index.js:812', selfMs: 120, … }
 * ```
 */
export function summarizeProfile(
  profile: CpuProfile,
  topCount = 25,
  fromMicros = Number.NEGATIVE_INFINITY,
): ProfileSummary {
  const nodes = new Map(profile.nodes.map(node => [node.id, node]));
  const selfByNode = new Map<number, number>();
  let timestamp = profile.startTime ?? 0;
  profile.samples.forEach((id, index) => {
    timestamp += profile.timeDeltas[index] ?? 0;
    if (timestamp < fromMicros) return;
    // A sample's duration is the delta to the next one.
    const micros = profile.timeDeltas[index + 1] ?? 0;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + micros);
  });

  let idle = 0;
  const functions = new Map<
    string,
    { name: string; location: string; package: ProfilePackage; micros: number }
  >();
  for (const [id, micros] of selfByNode) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const location = frame.url ? `${shortenUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName}@${location}`;
    const entry = functions.get(key) ?? {
      name: frame.functionName || '(anonymous)',
      location,
      package: packageOf(frame.url),
      micros: 0,
    };
    entry.micros += micros;
    functions.set(key, entry);
  }

  const busy = [...functions.values()].reduce((sum, f) => sum + f.micros, 0);
  const share = (micros: number) => (busy === 0 ? 0 : (micros * 100) / busy);
  const top = [...functions.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, topCount)
    .map(f => ({
      name: f.name,
      location: f.location,
      package: f.package,
      selfMs: f.micros / 1000,
      percent: share(f.micros),
    }));
  const packages = profilePackages
    .map(name => {
      const micros = [...functions.values()]
        .filter(f => f.package === name)
        .reduce((sum, f) => sum + f.micros, 0);

      return { package: name, ms: micros / 1000, percent: share(micros) };
    })
    .sort((a, b) => b.ms - a.ms);

  return { busyMs: busy / 1000, idleMs: idle / 1000, top, packages };
}
