import { Aggregation, truncateDate } from '../../src/query/aggregation';

describe('Aggregation', () => {
  const records = [
    {
      id: 1,
      amount: 10,
      status: 'paid',
      createdAt: '2022-01-07T10:00:00Z',
      customer: { country: 'FR' },
    },
    {
      id: 2,
      amount: 20,
      status: 'paid',
      createdAt: '2022-01-01T10:00:00Z',
      customer: { country: 'US' },
    },
    { id: 3, amount: null, status: 'draft', createdAt: '2022-02-15T10:00:00Z', customer: null },
    {
      id: 4,
      amount: 5,
      status: 'draft',
      createdAt: '2021-12-31T23:30:00Z',
      customer: { country: 'FR' },
    },
  ];

  it('counts records', () => {
    expect(new Aggregation({ operation: 'Count' }).apply(records, 'UTC')).toEqual([
      { value: 4, group: {} },
    ]);
  });

  it('counts non-null values of a field', () => {
    const aggregation = new Aggregation({ operation: 'Count', field: 'amount' });

    expect(aggregation.apply(records, 'UTC')).toEqual([{ value: 3, group: {} }]);
  });

  it('sums, averages and finds extremes', () => {
    const run = (operation: 'Sum' | 'Avg' | 'Min' | 'Max') =>
      new Aggregation({ operation, field: 'amount' }).apply(records, 'UTC')[0]?.value;

    expect(run('Sum')).toBe(35);
    expect(run('Avg')).toBeCloseTo(35 / 3);
    expect(run('Min')).toBe(5);
    expect(run('Max')).toBe(20);
  });

  it('returns one row on no records', () => {
    const run = (operation: 'Count' | 'Sum' | 'Avg' | 'Min' | 'Max') =>
      new Aggregation({ operation, field: 'amount' }).apply([], 'UTC');

    expect(run('Count')).toEqual([{ value: 0, group: {} }]);
    expect(run('Sum')).toEqual([{ value: 0, group: {} }]);
    expect(run('Avg')).toEqual([{ value: null, group: {} }]);
    expect(run('Min')).toEqual([{ value: null, group: {} }]);
  });

  it('groups by field, sorted by value descending', () => {
    const aggregation = new Aggregation({
      operation: 'Sum',
      field: 'amount',
      groups: [{ field: 'status' }],
    });

    expect(aggregation.apply(records, 'UTC')).toEqual([
      { value: 30, group: { status: 'paid' } },
      { value: 5, group: { status: 'draft' } },
    ]);
  });

  it('groups by relation path with null groups', () => {
    const aggregation = new Aggregation({
      operation: 'Count',
      groups: [{ field: 'customer:country' }],
    });

    expect(aggregation.apply(records, 'UTC')).toEqual([
      { value: 2, group: { 'customer:country': 'FR' } },
      { value: 1, group: { 'customer:country': 'US' } },
      { value: 1, group: { 'customer:country': null } },
    ]);
  });

  it('puts null values last', () => {
    const aggregation = new Aggregation({
      operation: 'Max',
      field: 'amount',
      groups: [{ field: 'id' }],
    });

    expect(aggregation.apply(records, 'UTC').map(row => row.value)).toEqual([20, 10, 5, null]);
  });

  it('applies the limit after sorting', () => {
    const aggregation = new Aggregation({ operation: 'Count', groups: [{ field: 'id' }] });

    expect(aggregation.apply(records, 'UTC', 2)).toHaveLength(2);
  });

  it('groups by month in the caller timezone', () => {
    const aggregation = new Aggregation({
      operation: 'Count',
      groups: [{ field: 'createdAt', operation: 'Month' }],
    });

    expect(aggregation.apply(records, 'UTC')).toEqual([
      { value: 2, group: { createdAt: '2022-01-01' } },
      { value: 1, group: { createdAt: '2022-02-01' } },
      { value: 1, group: { createdAt: '2021-12-01' } },
    ]);
    // In Paris, 2021-12-31T23:30Z is already January.
    expect(aggregation.apply(records, 'Europe/Paris')).toEqual([
      { value: 3, group: { createdAt: '2022-01-01' } },
      { value: 1, group: { createdAt: '2022-02-01' } },
    ]);
  });

  it('exposes its projection, nests and replaces fields', () => {
    const aggregation = new Aggregation({
      operation: 'Sum',
      field: 'amount',
      groups: [{ field: 'createdAt', operation: 'Year' }],
    });

    expect(aggregation.projection.toJSON()).toEqual(['amount', 'createdAt']);
    expect(aggregation.nest('order').toJSON()).toEqual({
      operation: 'Sum',
      field: 'order:amount',
      groups: [{ field: 'order:createdAt', operation: 'Year' }],
    });
  });

  it('rejects bad definitions', () => {
    expect(() => new Aggregation({ operation: 'Median' as 'Sum', field: 'a' })).toThrow(
      "Invalid aggregation operation 'Median'.",
    );
    expect(() => new Aggregation({ operation: 'Sum' })).toThrow(
      "The 'Sum' aggregation needs a field.",
    );
    expect(
      () =>
        new Aggregation({
          operation: 'Count',
          groups: [{ field: 'a', operation: 'Hour' as 'Day' }],
        }),
    ).toThrow("Invalid date operation 'Hour' on group 'a'.");
  });
});

describe('truncateDate', () => {
  const instant = '2024-03-31T01:30:00Z'; // Sunday, 03:30 in Paris after the DST jump

  it.each([
    ['Year', '2024-01-01'],
    ['Quarter', '2024-01-01'],
    ['Month', '2024-03-01'],
    ['Week', '2024-03-25'],
    ['Day', '2024-03-31'],
  ] as const)('truncates to %s', (operation, expected) => {
    expect(truncateDate(instant, operation, 'Europe/Paris')).toBe(expected);
  });

  it('reads instants in the caller timezone', () => {
    expect(truncateDate('2024-01-01T03:00:00Z', 'Day', 'America/New_York')).toBe('2023-12-31');
    expect(truncateDate(new Date('2024-01-01T03:00:00Z'), 'Day', 'America/New_York')).toBe(
      '2023-12-31',
    );
  });

  it('never shifts calendar dates', () => {
    expect(truncateDate('2024-01-01', 'Day', 'America/Los_Angeles')).toBe('2024-01-01');
    expect(truncateDate('2024-05-17', 'Quarter', 'Asia/Tokyo')).toBe('2024-04-01');
  });

  it('keeps null and rejects garbage', () => {
    expect(truncateDate(null, 'Day', 'UTC')).toBeNull();
    expect(() => truncateDate('tomorrow', 'Day', 'UTC')).toThrow(
      "Invalid date 'tomorrow' in a date group.",
    );
  });
});
