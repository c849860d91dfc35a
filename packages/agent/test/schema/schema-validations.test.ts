import type { ColumnSchema, ColumnType, ColumnValidationRule } from '@grove/datasource-toolkit';
import { toSchemaValidations } from '../../src/schema/schema-validations';

function convert(columnType: ColumnType, ...validation: ColumnValidationRule[]) {
  const column: ColumnSchema = { type: 'Column', columnType, validation };

  return toSchemaValidations(column);
}

describe('toSchemaValidations', () => {
  it('publishes Present as "is present"', () => {
    expect(convert('String', { operator: 'Present' })).toEqual([
      { type: 'is present', message: 'Field is required' },
    ]);
  });

  it('publishes the four numeric comparisons', () => {
    expect(
      convert(
        'Number',
        { operator: 'GreaterThan', value: 1 },
        { operator: 'GreaterThanOrEqual', value: 2 },
        { operator: 'LessThan', value: 9 },
        { operator: 'LessThanOrEqual', value: 8 },
      ),
    ).toEqual([
      { type: 'is greater than', value: 1, message: 'Value must be greater than 1' },
      {
        type: 'is greater than or equal to',
        value: 2,
        message: 'Value must be greater than or equal to 2',
      },
      { type: 'is less than', value: 9, message: 'Value must be less than 9' },
      {
        type: 'is less than or equal to',
        value: 8,
        message: 'Value must be less than or equal to 8',
      },
    ]);
  });

  it('publishes comparisons of dates as "is after" / "is before" with ISO values', () => {
    expect(
      convert(
        'Date',
        { operator: 'GreaterThan', value: new Date('2020-01-01T00:00:00Z') },
        { operator: 'LessThan', value: '2030-01-01T00:00:00.000Z' },
      ),
    ).toEqual([
      {
        type: 'is after',
        value: '2020-01-01T00:00:00.000Z',
        message: 'Value must be after 2020-01-01T00:00:00.000Z',
      },
      {
        type: 'is before',
        value: '2030-01-01T00:00:00.000Z',
        message: 'Value must be before 2030-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('publishes Before / After as given', () => {
    expect(
      convert(
        'Dateonly',
        { operator: 'After', value: '2020-01-01' },
        { operator: 'Before', value: '2030-01-01' },
      ),
    ).toEqual([
      { type: 'is after', value: '2020-01-01', message: 'Value must be after 2020-01-01' },
      { type: 'is before', value: '2030-01-01', message: 'Value must be before 2030-01-01' },
    ]);
  });

  it('publishes length rules in characters', () => {
    expect(
      convert(
        'String',
        { operator: 'LongerThan', value: 2 },
        { operator: 'ShorterThan', value: 9 },
      ),
    ).toEqual([
      { type: 'is longer than', value: 2, message: 'Value must be longer than 2 characters' },
      { type: 'is shorter than', value: 9, message: 'Value must be shorter than 9 characters' },
    ]);
  });

  it('publishes Contains with the value quoted in the message', () => {
    expect(convert('String', { operator: 'Contains', value: '@' })).toEqual([
      { type: 'contains', value: '@', message: "Value must contain '@'" },
    ]);
  });

  it('publishes Match as "is like" with the expression written /source/flags', () => {
    expect(convert('String', { operator: 'Match', value: /^[a-z]+$/i })).toEqual([
      { type: 'is like', value: '/^[a-z]+$/i', message: 'Value must match /^[a-z]+$/i' },
    ]);
  });

  it('reads a Match rule given as a string as an expression without flags', () => {
    expect(convert('String', { operator: 'Match', value: '^A' })).toEqual([
      { type: 'is like', value: '/^A/', message: 'Value must match /^A/' },
    ]);
  });

  it('drops the rules relative to now', () => {
    expect(
      convert(
        'Date',
        { operator: 'Past' },
        { operator: 'Today' },
        { operator: 'PreviousXDays', value: 3 },
        { operator: 'BeforeXHoursAgo', value: 2 },
      ),
    ).toEqual([]);
  });

  it('rewrites StartsWith into an anchored expression', () => {
    expect(convert('String', { operator: 'StartsWith', value: 'Du' })).toEqual([
      { type: 'is like', value: '/^Du.*$/s', message: 'Value must match /^Du.*$/s' },
    ]);
  });

  it('rewrites In on a string into one expression', () => {
    expect(convert('String', { operator: 'In', value: ['a', 'b'] })).toEqual([
      { type: 'is like', value: '/^(?:a|b)$/', message: 'Value must match /^(?:a|b)$/' },
    ]);
  });

  it('drops the rules that have no published equivalent', () => {
    expect(
      convert(
        'Number',
        { operator: 'Equal', value: 3 },
        { operator: 'NotEqual', value: 4 },
        { operator: 'Blank' },
        { operator: 'In', value: [1, 2] },
      ),
    ).toEqual([]);
  });

  it('merges duplicate bounds into the tightest, at the position of the first', () => {
    expect(
      convert(
        'String',
        { operator: 'LongerThan', value: 2 },
        { operator: 'ShorterThan', value: 10 },
        { operator: 'LongerThan', value: 5 },
        { operator: 'ShorterThan', value: 8 },
        { operator: 'LongerThan', value: 3 },
      ),
    ).toEqual([
      { type: 'is longer than', value: 5, message: 'Value must be longer than 5 characters' },
      { type: 'is shorter than', value: 8, message: 'Value must be shorter than 8 characters' },
    ]);
  });

  it('merges date bounds as instants, GreaterThan and After alike', () => {
    expect(
      convert(
        'Date',
        { operator: 'After', value: '2021-06-01T00:00:00.000Z' },
        { operator: 'GreaterThan', value: '2022-01-01T00:00:00.000Z' },
        { operator: 'Before', value: '2030-01-01T00:00:00.000Z' },
        { operator: 'LessThan', value: '2029-01-01T00:00:00.000Z' },
      ),
    ).toEqual([
      {
        type: 'is after',
        value: '2022-01-01T00:00:00.000Z',
        message: 'Value must be after 2022-01-01T00:00:00.000Z',
      },
      {
        type: 'is before',
        value: '2029-01-01T00:00:00.000Z',
        message: 'Value must be before 2029-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('combines duplicate expressions into one requiring all of them', () => {
    const [rule] = convert(
      'String',
      { operator: 'Match', value: /a/ },
      { operator: 'Match', value: /^b/i },
    );

    expect(rule).toEqual({
      type: 'is like',
      value: '/^(?=[\\s\\S]*?(?:a))(?=[\\s\\S]*?(?:^b))/i',
      message: 'Value must match /^(?=[\\s\\S]*?(?:a))(?=[\\s\\S]*?(?:^b))/i',
    });
  });

  it('builds a combined expression that matches only values matching every expression', () => {
    const [rule] = convert(
      'String',
      { operator: 'Match', value: /a/ },
      { operator: 'Match', value: /^b/ },
    );
    const [, source = ''] = /^\/(.*)\/$/.exec(String(rule?.value)) ?? [];
    const regExp = new RegExp(source);

    expect(['ba', 'bca', 'ab', 'b'].map(value => regExp.test(value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('keeps the first of duplicate Contains and Present rules', () => {
    expect(
      convert(
        'String',
        { operator: 'Contains', value: 'x' },
        { operator: 'Present' },
        { operator: 'Contains', value: 'y' },
        { operator: 'Present' },
      ),
    ).toEqual([
      { type: 'contains', value: 'x', message: "Value must contain 'x'" },
      { type: 'is present', message: 'Field is required' },
    ]);
  });
});
