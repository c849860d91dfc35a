import { summarizeRawWindows } from '../../src/measure/run-raw-window';
import { summarizeWindows } from '../../src/measure/window-measure';
import type { WindowMeasure } from '../../src/measure/window-measure';
import type { BenchResults, DatabaseResults } from '../../src/results/bench-results';

/** A window of a load run with the given req/s (8 s long). */
export function window(reqPerSec: number, overrides: Partial<WindowMeasure> = {}): WindowMeasure {
  return {
    reqPerSec,
    requests: reqPerSec * 8,
    sent: reqPerSec * 8,
    p50Ms: 20,
    p99Ms: 50,
    errors: 0,
    cpuMs: reqPerSec * 8 * 0.8,
    peakRssMb: 90,
    ...overrides,
  };
}

export const sqliteResults: DatabaseResults = {
  dialect: 'sqlite',
  serverVersion: 'SQLite 3.44.2',
  starts: {
    grove: { startupMs: 420, startupRuns: [420, 751, 410], idleRssMb: 70, settledRssMb: 64 },
    vendor: { startupMs: 2100, idleRssMb: 110, settledRssMb: 104 },
  },
  kinds: [
    {
      kind: 'list',
      family: 'read',
      ...summarizeRawWindows([2800, 3200]),
      targets: {
        grove: summarizeWindows([window(1000), window(1100)]),
        vendor: summarizeWindows([window(300, { peakRssMb: 120, cpuMs: 300 * 8 * 3 })]),
      },
    },
    {
      kind: 'count',
      family: 'database-bound read',
      rawQps: 400,
      targets: {
        grove: summarizeWindows([window(350, { errors: 2 })]),
        vendor: summarizeWindows([window(300, { peakRssMb: 120 })]),
      },
    },
    {
      kind: 'CSV export',
      family: 'export',
      rowsPerRequest: 10_000,
      targets: {
        grove: summarizeWindows([window(4, { peakRssMb: 95 })]),
        vendor: summarizeWindows([window(2, { peakRssMb: 160 })]),
      },
    },
    {
      kind: 'single CSV export',
      family: 'export',
      rowsPerRequest: 10_000,
      connections: 1,
      targets: {
        grove: summarizeWindows([window(12, { peakRssMb: 120 })]),
        vendor: summarizeWindows([window(2, { peakRssMb: 150 })]),
      },
    },
    {
      kind: 'update',
      family: 'write',
      rawQps: 2000,
      targets: {
        grove: summarizeWindows([window(900, { p99Ms: 40 })]),
        vendor: summarizeWindows([window(400, { peakRssMb: 120 })]),
      },
      invalid: { vendor: 'update: stored city: expected "Lyon", got "Paris"' },
    },
  ],
};

export const results: BenchResults = {
  date: '2026-11-24T07:00:00.000Z',
  command: 'node dist/run-bench.js --windows 2',
  machine: {
    cpu: 'AMD EPYC',
    cores: 2,
    memoryGb: 8,
    os: 'Linux 6.1',
    node: 'v20.20.2',
    groveCommit: 'abc1234',
    vendorVersions: '@forestadmin/agent 1.78.11',
  },
  parameters: {
    scale: 1,
    windows: 2,
    durationSeconds: 8,
    connections: 10,
    targets: ['grove', 'vendor'],
  },
  databases: [sqliteResults],
};
