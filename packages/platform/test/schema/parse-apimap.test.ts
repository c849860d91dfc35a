import { APIMAP_LIMITS, checkSchemaHash, parseApimap } from '../../src';
import { sampleApimap } from '../helpers/sample-apimap';

describe('parseApimap', () => {
  it('resolves segments and actions from included and keeps the meta without the hash', () => {
    const { schema, hash } = parseApimap(sampleApimap('b'.repeat(40)));

    expect(hash).toBe('b'.repeat(40));
    expect(schema.meta).toEqual({
      liana: 'forest-nodejs-agent',
      liana_version: '1.0.0',
      liana_features: null,
      stack: { engine: 'nodejs', engine_version: '20.11.0' },
    });
    expect(schema.collections.map(collection => collection.name)).toEqual(['customers', 'orders']);
    const orders = schema.collections[1]!;
    expect(orders.fields).toHaveLength(2);
    expect(orders.isSearchable).toBe(true);
    expect(orders.segments).toEqual([{ id: 'orders.Paid', name: 'Paid' }]);
    expect(orders.actions).toEqual([
      {
        id: 'orders-0-archive',
        name: 'Archive',
        type: 'single',
        endpoint: '/forest/_actions/orders/0/archive',
        fields: [],
        hooks: { load: false, change: ['changeHook'] },
      },
    ]);
  });

  const malformed: [string, () => unknown][] = [
    ['a non-object body', () => []],
    ['a missing meta', () => ({ ...sampleApimap(), meta: undefined })],
    ['a missing hash', () => ({ ...sampleApimap(), meta: { liana: 'x' } })],
    ['a hash with symbols', () => sampleApimap('../../etc')],
    ['a hash past 64 characters', () => sampleApimap('a'.repeat(65))],
    ['data that is not an array', () => ({ ...sampleApimap(), data: {} })],
    [
      'a resource that is not a collection',
      () => ({ ...sampleApimap(), data: [{ type: 'users', id: '1', attributes: { name: 'x' } }] }),
    ],
    [
      'a collection without a name',
      () => ({ ...sampleApimap(), data: [{ type: 'collections', attributes: {} }] }),
    ],
    [
      'a collection name past 255 characters',
      () => ({
        ...sampleApimap(),
        data: [{ type: 'collections', id: 'x', attributes: { name: 'x'.repeat(256) } }],
      }),
    ],
    [
      'fields that are not an array',
      () => ({
        ...sampleApimap(),
        data: [{ type: 'collections', id: 'x', attributes: { name: 'x', fields: 'id' } }],
      }),
    ],
    [
      'a field without a name',
      () => ({
        ...sampleApimap(),
        data: [
          { type: 'collections', id: 'x', attributes: { name: 'x', fields: [{ type: 'Number' }] } },
        ],
      }),
    ],
    ['a link to a resource not included', () => ({ ...sampleApimap(), included: [] })],
    [
      'an included resource listed twice',
      () => {
        const apimap = sampleApimap();

        return { ...apimap, included: [...apimap.included, apimap.included[0]] };
      },
    ],
    [
      'two collections with one name',
      () => {
        const apimap = sampleApimap();

        return { ...apimap, data: [...apimap.data, apimap.data[0]] };
      },
    ],
    [
      'too many collections',
      () => ({
        ...sampleApimap(),
        included: [],
        data: Array.from({ length: APIMAP_LIMITS.collections + 1 }, (_, i) => ({
          type: 'collections',
          id: `c${i}`,
          attributes: { name: `c${i}` },
        })),
      }),
    ],
  ];

  it.each(malformed)('refuses %s with a ValidationError', (_name, body) => {
    expect(() => parseApimap(body())).toThrow(expect.objectContaining({ code: 'ValidationError' }));
  });

  it('refuses two actions of a collection with one display name (the permissions key)', () => {
    const apimap = sampleApimap();
    const orders = apimap.data[1]!.relationships as { actions: { data: unknown[] } };
    orders.actions.data.push({ type: 'actions', id: 'orders-1-archive' });
    (apimap.included as unknown[]).push({
      type: 'actions',
      id: 'orders-1-archive',
      attributes: { name: 'Archive' },
    });

    expect(() => parseApimap(apimap)).toThrow(/same name/);
  });
});

describe('checkSchemaHash', () => {
  it('accepts SHA-1 hex and refuses anything else', () => {
    expect(checkSchemaHash('0123456789abcdef0123456789abcdef01234567')).toBe(
      '0123456789abcdef0123456789abcdef01234567',
    );
    for (const bad of [undefined, '', 42, 'a b', 'a'.repeat(65)]) {
      expect(() => checkSchemaHash(bad)).toThrow(/schemaFileHash/);
    }
  });
});
