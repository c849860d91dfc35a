import { deserializeRecord, deserializeRecords } from '../../src';

describe('deserializeRecords', () => {
  it('nests included to-one relations recursively, null when unset, without to-many links', () => {
    const records = deserializeRecords({
      data: [
        {
          type: 'orders',
          id: '1',
          attributes: { id: 1, created_at: '2024-01-01' },
          relationships: {
            customer: { data: { type: 'customers', id: '9' } },
            coupon: { data: null },
            lines: { links: { related: { href: '/forest/orders/1/relationships/lines' } } },
          },
        },
      ],
      included: [
        {
          type: 'customers',
          id: '9',
          attributes: { id: 9, first_name: 'Ada' },
          relationships: { address: { data: { type: 'addresses', id: '2' } } },
        },
        { type: 'addresses', id: '2', attributes: { city: 'Paris' } },
      ],
    });

    expect(records).toEqual([
      {
        id: 1,
        created_at: '2024-01-01',
        customer: { id: 9, first_name: 'Ada', address: { city: 'Paris' } },
        coupon: null,
      },
    ]);
  });

  it('stops on cycles and tolerates missing included resources', () => {
    const record = deserializeRecord({
      data: {
        type: 'a',
        id: '1',
        attributes: { id: 1 },
        relationships: { b: { data: { type: 'b', id: '1' } }, c: { data: { type: 'c', id: '7' } } },
      },
      included: [
        {
          type: 'b',
          id: '1',
          attributes: { id: 1 },
          relationships: { a: { data: { type: 'a', id: '1' } } },
        },
      ],
    });

    expect(record).toEqual({ id: 1, b: { id: 1, a: { id: 1 } }, c: {} });
  });

  it('returns [] / null for documents without data', () => {
    expect(deserializeRecords({ data: null })).toEqual([]);
    expect(deserializeRecord({ data: null })).toBeNull();
  });

  it('adds non-enumerable camelCase aliases on demand, nested records included', () => {
    const [record] = deserializeRecords(
      {
        data: [
          {
            type: 'orders',
            id: '1',
            attributes: { id: 1, ordered_at: '2024-01-01', 'ship-to': 'Paris', shipTo: 'kept' },
            relationships: { the_customer: { data: { type: 'customers', id: '3' } } },
          },
        ],
        included: [{ type: 'customers', id: '3', attributes: { first_name: 'Ada' } }],
      },
      { camelCaseAliases: true },
    );

    expect(record).toEqual({
      id: 1,
      ordered_at: '2024-01-01',
      'ship-to': 'Paris',
      shipTo: 'kept',
      the_customer: { first_name: 'Ada' },
    });
    expect(record?.orderedAt).toBe('2024-01-01');
    expect(record?.shipTo).toBe('kept');
    expect((record?.theCustomer as Record<string, unknown>).firstName).toBe('Ada');
    expect(Object.keys(record ?? {})).not.toContain('orderedAt');
    expect(
      deserializeRecords({ data: [{ type: 'a', id: '1', attributes: { a_b: 1 } }] })[0],
    ).not.toHaveProperty('aB');
  });
});
