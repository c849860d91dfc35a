import { compareCollectionNames } from '../../src/schema/compare-collection-names';

/** A deterministic generator (mulberry32), so that a failure can be replayed. */
function randomNames(count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;

    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Few characters, so that prefixes, case-only differences and underscores meet often.
  const alphabet = 'aAbBzZ019_';

  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 5) }, () =>
      alphabet.charAt(Math.floor(next() * alphabet.length)),
    ).join(''),
  );
}

describe('compareCollectionNames', () => {
  it('runs where the default locale collates as the root collation', () => {
    expect(new Intl.Collator().resolvedOptions().locale).toMatch(/^en/);
  });

  it('orders plain names as localeCompare does', () => {
    const names = randomNames(400, 18);
    const disagreements: string[] = [];
    for (const a of names) {
      for (const b of names) {
        const expected = Math.sign(a.localeCompare(b));
        if (compareCollectionNames(a, b) !== expected) disagreements.push(`${a} ${b} ${expected}`);
      }
    }

    expect(disagreements).toEqual([]);
  });

  it('orders other names with localeCompare', () => {
    const names = ['élan', 'Elan', 'e-mail', 'email', 'order items', 'orders', 'zoo'];

    expect([...names].sort(compareCollectionNames)).toEqual(
      [...names].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('compares plain names without ICU under a root-like locale, with it under another one', () => {
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    const saved = process.env.LC_ALL;
    try {
      process.env.LC_ALL = 'C.UTF-8';
      expect(compareCollectionNames('aa', 'b')).toBe(-1);
      expect(localeCompare).not.toHaveBeenCalled();
      // Danish collation puts `aa` after `z`: ICU decides.
      process.env.LC_ALL = 'da_DK.UTF-8';
      compareCollectionNames('aa', 'b');
      expect(localeCompare).toHaveBeenCalledWith('b');
    } finally {
      if (saved === undefined) delete process.env.LC_ALL;
      else process.env.LC_ALL = saved;
      localeCompare.mockRestore();
    }
  });
});
