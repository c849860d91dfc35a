import { packageOf, shortenUrl, summarizeProfile } from '../../src/profile/summarize-profile';
import type { CpuProfile } from '../../src/profile/summarize-profile';

const grove = 'file:///repo/packages/agent/dist/index.js';
const sql = 'file:///repo/packages/datasource-sql/dist/index.js';
const express =
  'file:///repo/node_modules/.pnpm/express@4.21.2/node_modules/express/lib/router/index.js';
const frame = (id: number, functionName: string, url: string, lineNumber = 0) => ({
  id,
  callFrame: { functionName, url, lineNumber },
});

// Root → (idle), serialize (Grove), buildSelect (SQL), handle (express), writev (node), GC.
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', ''),
    frame(2, '(idle)', ''),
    frame(3, 'serialize', grove, 119),
    frame(4, 'buildSelect', sql, 9),
    frame(5, 'handle', express, 41),
    frame(6, 'writev', 'node:internal/stream_base_commons', 3),
    frame(7, '(garbage collector)', ''),
  ],
  // The duration of sample i is timeDeltas[i + 1] (µs).
  samples: [3, 3, 4, 2, 5, 6, 7, 3],
  timeDeltas: [0, 1000, 1000, 2000, 5000, 1000, 500, 500],
};

describe('summarizeProfile', () => {
  const summary = summarizeProfile(profile, 3);

  it('sums self time per function from the sample deltas, idle left out', () => {
    expect(summary.idleMs).toBe(5);
    expect(summary.busyMs).toBe(6);
  });

  it('lists the top functions by self time with their shortened location', () => {
    expect(summary.top).toEqual([
      {
        name: 'serialize',
        location: '@grove/agent/dist/index.js:120',
        package: '@grove/agent',
        selfMs: 2,
        percent: (2 * 100) / 6,
      },
      {
        name: 'buildSelect',
        location: '@grove/datasource-sql/dist/index.js:10',
        package: '@grove/datasource-sql',
        selfMs: 2,
        percent: (2 * 100) / 6,
      },
      {
        name: 'handle',
        location: 'express/lib/router/index.js:42',
        package: 'express',
        selfMs: 1,
        percent: 100 / 6,
      },
    ]);
  });

  it('splits the busy time by package', () => {
    const byPackage = Object.fromEntries(summary.packages.map(p => [p.package, p.ms]));
    expect(byPackage).toEqual({
      '@grove/agent': 2,
      '@grove/datasource-sql': 2,
      express: 1,
      'node internals': 1, // writev 0.5 ms + the garbage collector 0.5 ms
      sequelize: 0,
      'sqlite3/pg': 0,
      '@grove/datasource-customizer': 0,
      '@grove/datasource-toolkit': 0,
      '@grove/mcp-server': 0,
      '@grove/platform': 0,
      '@grove/public-api': 0,
      'MCP SDK, zod, ajv': 0,
      '@forestadmin (vendor)': 0,
      other: 0,
    });
  });
});

describe('summarizeProfile from a time', () => {
  it('counts only the samples from that time of the profile clock on', () => {
    // Samples at 1000, 2000, 3000, 5000, 10000, 11000, 11500 and 12000 µs.
    const late = summarizeProfile({ ...profile, startTime: 1000 }, 3, 11_000);
    expect(late.busyMs).toBe(1); // writev (0.5) + the garbage collector (0.5)
    expect(late.idleMs).toBe(0);
  });
});

describe('shortenUrl and packageOf', () => {
  it.each([
    [grove, '@grove/agent/dist/index.js', '@grove/agent'],
    [express, 'express/lib/router/index.js', 'express'],
    [
      'file:///r/node_modules/.pnpm/@forestadmin+agent@1.78.11/node_modules/@forestadmin/agent/dist/x.js',
      '@forestadmin/agent/dist/x.js',
      '@forestadmin (vendor)',
    ],
    [
      'file:///r/node_modules/.pnpm/sequelize@6/node_modules/sequelize/lib/model.js',
      'sequelize/lib/model.js',
      'sequelize',
    ],
    [
      'file:///r/node_modules/.pnpm/pg@8/node_modules/pg/lib/client.js',
      'pg/lib/client.js',
      'sqlite3/pg',
    ],
    [
      'file:///r/node_modules/.pnpm/@modelcontextprotocol+sdk@1/node_modules/@modelcontextprotocol/sdk/dist/esm/server/mcp.js',
      '@modelcontextprotocol/sdk/dist/esm/server/mcp.js',
      'MCP SDK, zod, ajv',
    ],
    [
      'file:///r/node_modules/.pnpm/zod@4/node_modules/zod/v4/core/core.js',
      'zod/v4/core/core.js',
      'MCP SDK, zod, ajv',
    ],
    [
      'file:///r/packages/mcp-server/dist/index.mjs',
      '@grove/mcp-server/dist/index.mjs',
      '@grove/mcp-server',
    ],
    ['node:internal/streams/writable', 'node:internal/streams/writable', 'node internals'],
    ['file:///r/bench/dist/target-process.js', '/r/bench/dist/target-process.js', 'other'],
  ])('%s → %s (%s)', (url, short, pkg) => {
    expect(shortenUrl(url)).toBe(short);
    expect(packageOf(url)).toBe(pkg);
  });
});
