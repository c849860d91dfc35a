import { parseBenchOptions } from '../../src/cli/bench-options';

describe('parseBenchOptions', () => {
  const available = { postgres: true, vendor: true, defaultOut: '/tmp/RESULTS.md' };

  it('reads the options, with SQLite and PostgreSQL and both agents by default', () => {
    const options = parseBenchOptions(
      ['--kinds', 'list,count', '--windows', '2', '--skip-stack'],
      available,
    );

    expect(options).toMatchObject({
      dialects: ['sqlite', 'postgres'],
      targets: ['grove', 'vendor'],
      kinds: 'list,count',
      windows: 2,
      durationSeconds: 8,
      skipStack: true,
      validateOnly: false,
      out: '/tmp/RESULTS.md',
    });
  });

  it.each([
    [['--help'], '--help'],
    [['--window', '2'], '--window'],
    [['list'], 'list'],
    [['--db', 'sqlite', '--verbose'], '--verbose'],
  ])('refuses an unknown argument instead of starting a run: %j', (argv, unknown) => {
    expect(() => parseBenchOptions(argv, available)).toThrow(`Unknown argument "${unknown}"`);
  });

  it('refuses a missing value and a bad number', () => {
    expect(() => parseBenchOptions(['--db'], available)).toThrow('--db needs a value');
    expect(() => parseBenchOptions(['--windows', '0'], available)).toThrow(
      '--windows must be a positive number',
    );
  });
});
