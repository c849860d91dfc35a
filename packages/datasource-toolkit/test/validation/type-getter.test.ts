import { describe, expect, it } from '@jest/globals';
import type { ColumnType } from '../../src/interfaces/schema';
import { getValueType, type ValueType } from '../../src/validation/type-getter';

const uuid = '2d7c5e6a-1b3f-4c8e-9a0d-7f6e5d4c3b2a';

describe('getValueType', () => {
  it.each<[string, unknown, ColumnType | undefined, ValueType | undefined]>([
    // null and undefined, whatever the context
    ['null', null, undefined, 'Null'],
    ['undefined', undefined, 'String', 'Null'],
    ['null in a Json context', null, 'Json', 'Null'],
    // Json context: anything else is Json
    ['a string in a Json context', 'abc', 'Json', 'Json'],
    ['a number in a Json context', 12, 'Json', 'Json'],
    ['an object in a Json context', { a: 1 }, 'Json', 'Json'],
    ['an array in a Json context', [1, 2], 'Json', 'Json'],
    // string-like contexts keep their strings
    ['a uuid in a String context', uuid, 'String', 'String'],
    ['a date in a String context', '2024-01-31', 'String', 'String'],
    ['a number string in a String context', '12', 'String', 'String'],
    ['a string in an Enum context', 'draft', 'Enum', 'Enum'],
    ['a data uri in a File context', 'data:text/plain;base64,aGk=', 'File', 'File'],
    // uuids
    ['a uuid', uuid, undefined, 'Uuid'],
    ['an upper-case uuid in a Uuid context', uuid.toUpperCase(), 'Uuid', 'Uuid'],
    ['a malformed uuid in a Uuid context', uuid.substring(1), 'Uuid', 'String'],
    // dates and times
    ['a date-only string', '2024-01-31', undefined, 'Dateonly'],
    ['a date-only string in a Dateonly context', '2024-01-31', 'Dateonly', 'Dateonly'],
    ['a date-only string in a Date context (Grove: midnight)', '2024-01-31', 'Date', 'Date'],
    ['an impossible date', '2024-02-30', 'Dateonly', 'String'],
    ['a datetime in a Dateonly context', '2024-01-31T10:00:00Z', 'Dateonly', 'Date'],
    ['an ISO datetime in UTC', '2024-01-31T10:00:00.000Z', 'Date', 'Date'],
    ['an ISO datetime with an offset', '2024-01-31T10:00:00+02:00', 'Date', 'Date'],
    ['an SQL-style datetime', '2024-01-31 10:00:00', 'Date', 'Date'],
    ['an impossible datetime', '2024-01-31T25:00:00Z', 'Date', 'String'],
    ['a time', '10:30', 'Time', 'Time'],
    ['a time with milliseconds', '10:30:15.123', 'Timeonly', 'Time'],
    ['an impossible time', '25:00', 'Time', 'String'],
    // points
    ['an "x,y" string in a Point context', '1.5,-2', 'Point', 'Point'],
    ['an "x, y" string with spaces in a Point context', ' 1 , 2 ', 'Point', 'Point'],
    ['an "x,y" string without context', '1,2', undefined, 'String'],
    ['an [x, y] pair in a Point context', [1.5, -2], 'Point', 'Point'],
    ['a triple in a Point context', [1, 2, 3], 'Point', undefined],
    ['a pair of strings in a Point context', ['1', '2'], 'Point', undefined],
    // numbers
    ['an integer string in a Number context', '12', 'Number', 'Number'],
    ['a decimal string in a Number context (Grove)', '12.5', 'Number', 'Number'],
    ['a negative string in a Number context', '-3', 'Number', 'Number'],
    ['an exponent string in a Number context', '1e3', 'Number', 'String'],
    ['an empty string in a Number context', '', 'Number', 'String'],
    ['a word in a Number context', 'abc', 'Number', 'String'],
    ['an integer string without context', '12', undefined, 'String'],
    ['a number', 12.5, undefined, 'Number'],
    ['a number in a Date context', 1706695200000, 'Date', 'Number'],
    ['NaN', Number.NaN, 'Number', undefined],
    // other primitives
    ['a valid Date', new Date('2024-01-31T10:00:00Z'), 'Date', 'Date'],
    ['an invalid Date', new Date('nope'), 'Date', undefined],
    ['true', true, 'Boolean', 'Boolean'],
    ['false', false, undefined, 'Boolean'],
    ['"true" in a Boolean context', 'true', 'Boolean', 'String'],
    ['a Buffer', Buffer.from('hi'), 'Binary', 'Binary'],
    // unknown
    ['an object', { a: 1 }, 'String', undefined],
    ['an array', ['a'], 'String', undefined],
    ['a function', () => 1, undefined, undefined],
  ])('detects %s', (_case, value, context, expected) => {
    expect(getValueType(value, context)).toBe(expected);
  });
});
