import { normalizeValue } from '../../src/utils/normalize-value';

describe('normalizeValue', () => {
  it('compares instants whatever their form', () => {
    expect(normalizeValue('2024-01-01T00:00:00.000Z', 'Date')).toBe(
      normalizeValue(new Date('2024-01-01T01:00:00+01:00'), 'Date'),
    );
  });

  it('reads a local date-time bound of a Dateonly column as its date', () => {
    expect(normalizeValue('2024-12-16T00:00:00+01:00', 'Dateonly')).toBe('2024-12-16');
    expect(normalizeValue('2024-12-16', 'Dateonly')).toBe('2024-12-16');
    expect(normalizeValue(new Date('2024-12-16T00:00:00Z'), 'Dateonly')).toBe('2024-12-16');
  });

  it('reads numeric strings of Number columns as numbers', () => {
    expect(normalizeValue('12.5', 'Number')).toBe(12.5);
    expect(normalizeValue('abc', 'Number')).toBe('abc');
    expect(normalizeValue(' ', 'Number')).toBe(' ');
  });

  it('ignores the case of uuids, hex-encodes buffers, stringifies composites stably', () => {
    expect(normalizeValue('ABC-D', 'Uuid')).toBe('abc-d');
    expect(normalizeValue(Buffer.from([1, 255]), 'Binary')).toBe('01ff');
    expect(normalizeValue({ b: 1, a: 2 }, 'Json')).toBe(normalizeValue({ a: 2, b: 1 }, 'Json'));
  });

  it('maps undefined to null', () => {
    expect(normalizeValue(undefined, 'String')).toBeNull();
  });
});
