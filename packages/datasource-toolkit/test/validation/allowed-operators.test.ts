import { describe, expect, it } from '@jest/globals';
import { primitiveTypes } from '../../src/interfaces/schema';
import { allOperators, type Operator } from '../../src/query/condition-tree/operators';
import {
  allowedOperatorsFor,
  allowedValueTypes,
  numericArgumentOperators,
  operatorsByColumnType,
} from '../../src/validation/allowed-operators';

const sorted = (operators: Iterable<Operator>): string[] => [...operators].sort();

const base = ['Blank', 'Equal', 'Missing', 'NotEqual', 'Present'];
const array = ['In', 'IncludesAll', 'IncludesNone', 'NotIn'];
const dates = [
  'After',
  'Before',
  'Future',
  'Past',
  'PreviousMonth',
  'PreviousMonthToDate',
  'PreviousQuarter',
  'PreviousQuarterToDate',
  'PreviousWeek',
  'PreviousWeekToDate',
  'PreviousXDays',
  'PreviousXDaysToDate',
  'PreviousYear',
  'PreviousYearToDate',
  'Today',
  'Yesterday',
];
const strings = [
  'Contains',
  'EndsWith',
  'IContains',
  'IEndsWith',
  'ILike',
  'IStartsWith',
  'Like',
  'LongerThan',
  'NotContains',
  'NotIContains',
  'ShorterThan',
  'StartsWith',
];

describe('operatorsByColumnType', () => {
  it.each([
    ['String', [...base, ...array, ...strings]],
    [
      'Number',
      [...base, ...array, 'GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'LessThanOrEqual'],
    ],
    ['Date', [...base, ...dates, 'AfterXHoursAgo', 'BeforeXHoursAgo']],
    ['Dateonly', [...base, ...dates]],
    ['Time', [...base, 'GreaterThan', 'LessThan']],
    ['Timeonly', [...base, 'GreaterThan', 'LessThan']],
    ['Binary', [...base, ...array]],
    ['Enum', [...base, ...array]],
    ['Json', [...base, ...array]],
    ['Boolean', [...base, ...array]],
    ['Uuid', [...base, ...array]],
    ['Point', base],
    ['File', base],
  ] as const)('lists exactly the operators of %s', (type, expected) => {
    expect(sorted(operatorsByColumnType[type])).toEqual([...expected].sort());
  });

  it('has an entry for every primitive type', () => {
    expect(Object.keys(operatorsByColumnType).sort()).toEqual([...primitiveTypes].sort());
  });

  it('never allows Match (internal operator)', () => {
    expect(primitiveTypes.filter(type => operatorsByColumnType[type].has('Match'))).toEqual([]);
  });
});

describe('allowedOperatorsFor', () => {
  it('returns the table entry of a primitive type', () => {
    expect(allowedOperatorsFor('Number')).toBe(operatorsByColumnType.Number);
  });

  it('allows BASE + ARRAY on array composite types', () => {
    expect(sorted(allowedOperatorsFor(['String']))).toEqual([...base, ...array].sort());
  });

  it('allows BASE only on object composite types', () => {
    expect(sorted(allowedOperatorsFor({ width: 'Number' }))).toEqual(base);
  });
});

describe('allowedValueTypes', () => {
  it.each([
    'Blank',
    'Missing',
    'Present',
    'Today',
    'Yesterday',
    'PreviousWeek',
    'PreviousMonth',
    'PreviousQuarter',
    'PreviousYear',
    'PreviousWeekToDate',
    'PreviousMonthToDate',
    'PreviousQuarterToDate',
    'PreviousYearToDate',
    'Past',
    'Future',
  ] as const)('accepts no value for %s', operator => {
    expect(allowedValueTypes(operator)).toEqual(['Null']);
  });

  it.each([
    'PreviousXDays',
    'PreviousXDaysToDate',
    'BeforeXHoursAgo',
    'AfterXHoursAgo',
    'LongerThan',
    'ShorterThan',
  ] as const)('requires a number for %s', operator => {
    expect(allowedValueTypes(operator)).toEqual(['Number']);
    expect(numericArgumentOperators.has(operator)).toBe(true);
  });

  it('has exactly six numeric-argument operators', () => {
    expect(numericArgumentOperators.size).toBe(6);
  });

  it.each([
    ['Equal', [...primitiveTypes, 'Null']],
    ['NotEqual', primitiveTypes],
    ['In', ['Boolean', 'Binary', 'Enum', 'Json', 'Number', 'String', 'Uuid', 'Null']],
    ['NotIn', ['Boolean', 'Binary', 'Enum', 'Json', 'Number', 'String', 'Uuid', 'Null']],
    ['IncludesAll', ['Boolean', 'Binary', 'Enum', 'Json', 'Number', 'String', 'Uuid', 'Null']],
    ['IncludesNone', ['Boolean', 'Binary', 'Enum', 'Json', 'Number', 'String', 'Uuid', 'Null']],
    ['Contains', ['String']],
    ['Like', ['String']],
    ['GreaterThan', ['Number', 'Time', 'Timeonly']],
    ['GreaterThanOrEqual', ['Number']],
    ['Before', ['Date', 'Dateonly']],
    ['After', ['Date', 'Dateonly']],
    ['Match', []],
  ] as const)('accepts the column types listing %s', (operator, expected) => {
    expect(allowedValueTypes(operator)).toEqual(expected);
  });

  it('accepts some value type for every operator but Match', () => {
    expect(allOperators.filter(operator => allowedValueTypes(operator).length === 0)).toEqual([
      'Match',
    ]);
  });
});
