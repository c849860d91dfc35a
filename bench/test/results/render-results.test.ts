import { median } from '../../src/measure/median';
import { summarizeRawWindows } from '../../src/measure/run-raw-window';
import { summarizeWindows } from '../../src/measure/window-measure';
import { evaluateTargets } from '../../src/results/evaluate-targets';
import { renderResults } from '../../src/results/render-results';
import { results, sqliteResults, window } from './results-fixture';

describe('renderResults', () => {
  const markdown = renderResults(results);
  const lines = markdown.split('\n');

  it('writes the machine, the command and the parameters', () => {
    expect(markdown).toContain(
      'Machine: AMD EPYC, 2 cores, 8.0 GB, Linux 6.1, Node v20.20.2. Grove abc1234; vendor @forestadmin/agent 1.78.11.',
    );
    expect(markdown).toContain('Command: `node dist/run-bench.js --windows 2`');
    expect(markdown).toContain('Parameters: scale 1, 2 windows of 8 s per target');
  });

  it('writes one row per kind: rates with their spread, ratios, latencies, CPU and RSS', () => {
    expect(lines).toContain('## SQLite (SQLite 3.44.2)');
    expect(lines).toContain(
      '| list | 300.0 | 1050.0 (1000.0–1100.0) | 3.50× | 3000.0 (2800.0–3200.0) | 0.35× | 20/50 | 20/50 | 0.80 | 3.00 | 90 | 120 |',
    );
  });

  it('gives a raw figure of one window without a spread (results written before raw windows alternated)', () => {
    expect(lines).toContain(
      '| count | 300.0 | 350.0 ⚠ 2 errors | 1.17× | 400.0 | 0.88× | 20/50 | 20/50 | 0.80 | 0.80 | 90 | 120 |',
    );
  });

  it('flags a window with errors, a wrong answer, and gives the CSV rows/s', () => {
    expect(lines).toContain(
      '| count | 300.0 | 350.0 ⚠ 2 errors | 1.17× | 400.0 | 0.88× | 20/50 | 20/50 | 0.80 | 0.80 | 90 | 120 |',
    );
    expect(lines).toContain(
      '| update | 400.0 ⚠ wrong answer | 900.0 | 2.25× | 2000.0 | 0.45× | 20/40 | 20/50 | 0.80 | 0.80 | 90 | 120 |',
    );
    expect(lines).toContain(
      '| CSV export | 2.0, 20.0k rows/s | 4.0, 40.0k rows/s | 2.00× | – | – | 20/50 | 20/50 | 0.80 | 0.80 | 95 | 160 |',
    );
    expect(lines).toContain('- vendor, update: update: stored city: expected "Lyon", got "Paris"');
  });

  it('writes the start-up and idle RSS rows', () => {
    // Grove's median of three starts with their spread; the vendor started once.
    expect(lines).toContain(
      '| start-up ms | 2100 | 420 (410–751) | 0.20× |  |  |  |  |  |  |  |  |',
    );
    expect(lines).toContain('| idle RSS MB | 110.0 | 70.0 | 0.64× |  |  |  |  |  |  |  |  |');
    expect(lines).toContain(
      '| idle RSS after 30 s MB | 104.0 | 64.0 | 0.62× |  |  |  |  |  |  |  |  |',
    );
  });

  it('writes the verdicts of the targets', () => {
    expect(lines).toContain('- list: ≥ 3× vendor: **met** (3.50× vendor)');
    expect(lines).toContain('- start-up ≤ 0.5 s: **met** (420 ms)');
  });
});

describe('median', () => {
  it.each([
    [[751, 438, 482], 482],
    [[3, 1, 4, 2], 2.5],
    [[420], 420],
  ])('answers the middle of %j: %d', (values, middle) => {
    expect(median(values)).toBe(middle);
  });

  it('answers NaN for no value', () => {
    expect(median([])).toBeNaN();
  });
});

describe('summarizeRawWindows', () => {
  it('answers the mean of the raw windows, and each window', () => {
    expect(summarizeRawWindows([300, 450, 390])).toEqual({
      rawQps: 380,
      rawWindows: [300, 450, 390],
    });
  });

  it('answers nothing for a kind without raw SQL', () => {
    expect(summarizeRawWindows([])).toEqual({});
  });
});

describe('evaluateTargets', () => {
  it('checks each target of the issue against the numbers', () => {
    expect(evaluateTargets(sqliteResults)).toEqual([
      { target: 'list: ≥ 3× vendor', met: true, figure: '3.50× vendor' },
      // 1.17× the vendor, but 350 req/s ≥ 400 / 1.3: the database is the bottleneck.
      {
        target: 'count: ≥ 3× vendor, or ≥ 1/1.3 of the raw query',
        met: true,
        figure: '1.17× vendor, 0.88× raw',
      },
      {
        target: 'CSV export: ≥ 5× vendor rows/s',
        met: false,
        figure: '2.00× vendor, peak idle + 25 MB',
      },
      // 6× the vendor's rows/s, but one export at a time peaks 50 MB above idle.
      {
        target: 'single CSV export: ≥ 5× vendor rows/s, peak RSS < idle + 30 MB',
        met: false,
        figure: '6.00× vendor, peak idle + 50 MB',
      },
      { target: 'update: ≥ 2× vendor, p99 < 100 ms', met: true, figure: '2.25× vendor, p99 40 ms' },
      { target: 'start-up ≤ 0.5 s', met: true, figure: '420 ms' },
      {
        target: 'idle RSS ≤ 80 MB',
        met: true,
        figure: '70.0 MB 2 s after the start, 64.0 MB after 30 s',
      },
      {
        target: 'peak RSS under load below the vendor’s',
        met: true,
        figure: 'below on all 5 kinds',
      },
      { target: 'list: agent CPU < 1 ms/request', met: true, figure: '0.80 ms' },
      { target: 'get one: agent CPU < 1 ms/request', met: undefined, figure: '–' },
    ]);
  });

  it('is n/a without the vendor, and not met when a peak is above the vendor’s', () => {
    const list = sqliteResults.kinds[0]!;
    const alone = evaluateTargets({
      ...sqliteResults,
      kinds: [{ ...list, rawQps: undefined, targets: { grove: list.targets.grove } }],
    });
    expect(alone[0]).toEqual({ target: 'list: ≥ 3× vendor', met: undefined, figure: '–× vendor' });
    const heavier = evaluateTargets({
      ...sqliteResults,
      kinds: [
        {
          ...list,
          targets: { ...list.targets, grove: { ...list.targets.grove!, peakRssMb: 130 } },
        },
      ],
    });
    expect(heavier.find(v => v.target.startsWith('peak RSS'))).toEqual({
      target: 'peak RSS under load below the vendor’s',
      met: false,
      figure: 'above on list (130 vs 120)',
    });
  });
});

describe('Grove-only kinds', () => {
  const stackResults = {
    ...sqliteResults,
    kinds: [
      {
        kind: 'MCP tool call',
        family: 'read' as const,
        rawQps: 3000,
        targets: { grove: summarizeWindows([window(20, { cpuMs: 20 * 8 * 16 })]) },
        groveOnly: { servedBy: 'agent' as const },
      },
      {
        kind: 'public API log page',
        family: 'read' as const,
        rawQps: 2000,
        targets: { grove: summarizeWindows([window(50, { peakRssMb: 140 })]) },
        groveOnly: { servedBy: 'platform' as const },
      },
    ],
  };

  it('writes n/a in the vendor columns, marks the platform-served row and explains both', () => {
    const lines = renderResults({ ...results, databases: [stackResults] }).split('\n');

    expect(lines).toContain(
      '| MCP tool call | n/a | 20.0 | n/a | 3000.0 | 0.01× | 20/50 | – | 16.00 | – | 90 | – |',
    );
    expect(lines).toContain(
      '| public API log page ¹ | n/a | 50.0 | n/a | 2000.0 | 0.03× | 20/50 | – | 0.80 | – | 140 | – |',
    );
    expect(lines.find(line => line.startsWith('Grove-only kinds'))).toContain(
      "¹ Served by the platform: its CPU and peak RSS are the platform process's",
    );
  });

  it('leaves them out of the issue’s targets, which compare with the vendor', () => {
    const verdicts = evaluateTargets(stackResults).map(verdict => verdict.target);

    expect(verdicts.filter(target => /MCP|public API/.test(target))).toEqual([]);
  });
});

describe('one export in a fresh agent (the probes of single CSV export)', () => {
  const single = sqliteResults.kinds.find(k => k.kind === 'single CSV export')!;
  const memory = (label: string, growthMb: number, invalid?: string) => ({
    label,
    growthMb,
    idleRssMb: 70,
    peakRssMb: 70 + growthMb,
    runs: [growthMb - 1, growthMb, growthMb + 2],
    ...(invalid === undefined ? {} : { invalid }),
  });
  const probed = (grove: ReturnType<typeof memory>[]) => ({
    ...sqliteResults,
    kinds: [
      {
        ...single,
        oneRequest: {
          grove,
          vendor: [memory('10,000 rows', 90), memory('100,000 rows', 400)],
        },
      },
    ],
  });
  const verdict = (grove: ReturnType<typeof memory>[]) =>
    evaluateTargets(probed(grove)).find(v => v.target.startsWith('single CSV export'));

  it('judges the memory on each size exported alone, and shows the back-to-back peak beside it', () => {
    // 50 MB above idle back to back (the fixture's windows), 18 and 23 MB alone.
    expect(verdict([memory('10,000 rows', 18), memory('100,000 rows', 23)])).toEqual({
      target: 'single CSV export: ≥ 5× vendor rows/s, peak RSS of one export < idle + 30 MB',
      met: true,
      figure:
        '6.00× vendor, one export in a fresh agent: idle + 18 MB (10,000 rows), idle + 23 MB (100,000 rows); back to back: idle + 50 MB',
    });
  });

  it('is not met when any size grows 30 MB or more, or answers wrongly', () => {
    expect(verdict([memory('10,000 rows', 18), memory('100,000 rows', 31)])?.met).toBe(false);
    expect(verdict([memory('10,000 rows', 18, 'rows: expected 10000, got 9000')])).toMatchObject({
      met: false,
      figure: expect.stringContaining('idle + 18 MB (10,000 rows, wrong answer)'),
    });
  });

  it('writes a table of the probes: idle → peak and the growth of each start', () => {
    const lines = renderResults({
      ...results,
      databases: [probed([memory('10,000 rows', 18), memory('100,000 rows', 23)])],
    }).split('\n');

    expect(lines).toContain(
      '| single CSV export, 10,000 rows | 70.0 → 160.0 | +90.0 (89.0, 90.0, 92.0) | 70.0 → 88.0 | +18.0 (17.0, 18.0, 20.0) |',
    );
    expect(lines).toContain(
      '| single CSV export, 100,000 rows | 70.0 → 470.0 | +400.0 (399.0, 400.0, 402.0) | 70.0 → 93.0 | +23.0 (22.0, 23.0, 25.0) |',
    );
  });
});
