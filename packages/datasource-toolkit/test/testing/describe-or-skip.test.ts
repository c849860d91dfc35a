import { describeOrSkip } from '../../src/testing/skip/describe-or-skip';
import { missingEnv } from '../../src/testing/skip/missing-env';
import { reportSkipped } from '../../src/testing/skip/report-skipped';

describe('missingEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('names every variable not set or empty', () => {
    process.env.GROVE_TEST_SET = 'x';
    process.env.GROVE_TEST_EMPTY = '';
    delete process.env.GROVE_TEST_UNSET;

    expect(missingEnv('GROVE_TEST_SET', 'GROVE_TEST_EMPTY', 'GROVE_TEST_UNSET')).toBe(
      'no GROVE_TEST_EMPTY, no GROVE_TEST_UNSET',
    );
  });

  it('is undefined when every variable is set', () => {
    process.env.GROVE_TEST_SET = 'x';

    expect(missingEnv('GROVE_TEST_SET')).toBeUndefined();
  });
});

describe('reportSkipped', () => {
  it('writes one line per reason, once per test file', () => {
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let calls: unknown[][];
    try {
      reportSkipped('no GROVE_TEST_A_URL');
      reportSkipped('no GROVE_TEST_A_URL');
      reportSkipped('no GROVE_TEST_B_URL');
    } finally {
      calls = [...write.mock.calls];
      write.mockRestore();
    }

    expect(calls).toEqual([['skipped: no GROVE_TEST_A_URL\n'], ['skipped: no GROVE_TEST_B_URL\n']]);
  });
});

// describeOrSkip registers at collection time: the two suites below are what it produced, and
// the test after them checks which of their tests ran.
const ran: string[] = [];
const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
describeOrSkip(undefined, 'describeOrSkip with nothing missing', () => {
  it('runs its tests', () => {
    ran.push('runs');
    expect(ran).toContain('runs');
  });
});
describeOrSkip('no GROVE_TEST_C_URL', 'describeOrSkip with a missing variable', () => {
  it('skips its tests', () => {
    ran.push('skipped suite ran');
    expect(ran).toEqual([]);
  });
});
const lines = write.mock.calls.map(([line]) => line);
write.mockRestore();

describe('describeOrSkip', () => {
  it('runs the suite with nothing missing, skips it otherwise and says why once', () => {
    expect(ran).toEqual(['runs']);
    expect(lines).toEqual(['skipped: no GROVE_TEST_C_URL\n']);
  });
});
