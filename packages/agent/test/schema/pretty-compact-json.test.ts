import { prettyCompactJson } from '../../src/schema/pretty-compact-json';

describe('prettyCompactJson', () => {
  it('keeps a value that fits on one line, with a space after each colon and comma', () => {
    expect(prettyCompactJson({ a: 1, b: [1, 2], c: 'x' })).toBe('{"a": 1, "b": [1, 2], "c": "x"}');
  });

  it('breaks what does not fit, indenting by two spaces, and keeps what fits compact', () => {
    const value = { name: 'books', tags: ['alpha', 'beta', 'gamma'], meta: { a: 1 } };

    expect(prettyCompactJson(value, 30)).toBe(
      [
        '{',
        '  "name": "books",',
        '  "tags": [',
        '    "alpha",',
        '    "beta",',
        '    "gamma"',
        '  ],',
        '  "meta": {"a": 1}',
        '}',
      ].join('\n'),
    );
  });

  it('counts the indentation, the key and the trailing comma in the line length', () => {
    // `  "k": ["abcd", "ef"],` is 22 characters.
    const value = { k: ['abcd', 'ef'], z: 0 };

    expect([prettyCompactJson(value, 22), prettyCompactJson(value, 21)]).toEqual([
      '{\n  "k": ["abcd", "ef"],\n  "z": 0\n}',
      '{\n  "k": [\n    "abcd",\n    "ef"\n  ],\n  "z": 0\n}',
    ]);
  });

  it('uses 100 characters as the default limit', () => {
    const fits = { text: 'x'.repeat(88) }; // {"text": "…"} is exactly 100 characters
    const overflows = { text: 'x'.repeat(89) };

    expect([prettyCompactJson(fits), prettyCompactJson(overflows)]).toEqual([
      `{"text": "${'x'.repeat(88)}"}`,
      `{\n  "text": "${'x'.repeat(89)}"\n}`,
    ]);
  });

  it('leaves colons, commas and escaped quotes inside strings alone', () => {
    expect(prettyCompactJson({ a: 'x:y,z "q", r' })).toBe('{"a": "x:y,z \\"q\\", r"}');
  });

  it('drops undefined members, writes undefined items as null, and calls toJSON', () => {
    expect(
      prettyCompactJson({ a: undefined, b: [undefined], c: new Date('2024-01-02T00:00:00Z') }),
    ).toBe('{"b": [null], "c": "2024-01-02T00:00:00.000Z"}');
  });

  it('writes empty objects and arrays compactly even when their parent breaks', () => {
    expect(prettyCompactJson({ a: {}, b: [], c: 'long enough' }, 10)).toBe(
      '{\n  "a": {},\n  "b": [],\n  "c": "long enough"\n}',
    );
  });
});
