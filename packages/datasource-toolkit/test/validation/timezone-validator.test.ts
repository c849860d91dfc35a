import { describe, expect, it } from '@jest/globals';
import { validateTimezone } from '../../src/validation/timezone-validator';

describe('validateTimezone', () => {
  it.each(['Europe/Paris', 'America/New_York', 'UTC', 'Etc/GMT+2'])('accepts %s', timezone => {
    expect(() => validateTimezone(timezone)).not.toThrow();
  });

  it.each([
    ['Mars/Olympus', 'Mars/Olympus'],
    ['', ''],
    ['Paris', 'Paris'],
    [42, '42'],
    [null, 'null'],
    [undefined, 'undefined'],
  ])('rejects %p', (timezone, shown) => {
    expect(() => validateTimezone(timezone)).toThrow(
      expect.objectContaining({ code: 'ValidationError', message: `Invalid timezone: "${shown}"` }),
    );
  });
});
