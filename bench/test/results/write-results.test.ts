import { mergeProfiles } from '../../src/results/write-results';

describe('mergeProfiles', () => {
  it('adds a Profiles placeholder to a new file', () => {
    expect(mergeProfiles('# Grove agent benchmark\n\ntable\n', undefined)).toBe(
      '# Grove agent benchmark\n\ntable\n\n## Profiles\n\n_Filled by hand: `node dist/run-bench.js --profile <kind>` summaries and what they show._\n',
    );
  });

  it('keeps everything from an existing Profiles heading on', () => {
    const previous =
      '# Old\n\nold table\n\n## Profiles\n\ncount: 40% in express\n\n## Notes\n\nby hand\n';
    expect(mergeProfiles('# New\n\nnew table\n', previous)).toBe(
      '# New\n\nnew table\n\n## Profiles\n\ncount: 40% in express\n\n## Notes\n\nby hand\n',
    );
  });
});
