import { schemaFromApimap, schemaFromSchemaFile } from '../../src/sandbox/sandbox-schema';

describe('schemaFromSchemaFile', () => {
  it('keeps collection names and action display names', () => {
    const file = {
      collections: [
        { name: 'orders', fields: [], actions: [{ id: 'orders-0-refund', name: 'Refund' }] },
        { name: 'customers', fields: [] },
      ],
      meta: { liana: 'grove-agent' },
    };

    expect(schemaFromSchemaFile(file)).toEqual({
      collections: [
        { name: 'orders', actions: ['Refund'] },
        { name: 'customers', actions: [] },
      ],
    });
  });

  it.each([[null], [{}], [{ collections: [{ fields: [] }] }], [{ collections: {} }]])(
    'rejects %j',
    value => {
      expect(schemaFromSchemaFile(value)).toBeUndefined();
    },
  );
});

describe('schemaFromApimap', () => {
  it('resolves each collection actions through included', () => {
    const apimap = {
      jsonapi: { version: '1.0' },
      data: [
        {
          type: 'collections',
          id: 'orders',
          attributes: { name: 'orders', fields: [] },
          relationships: {
            segments: { data: [{ type: 'segments', id: 'orders.Paid' }] },
            actions: { data: [{ type: 'actions', id: 'orders-0-refund' }] },
          },
        },
        { type: 'collections', id: 'customers', attributes: { name: 'customers' } },
      ],
      included: [
        { type: 'segments', id: 'orders.Paid', attributes: { name: 'Paid' } },
        { type: 'actions', id: 'orders-0-refund', attributes: { name: 'Refund' } },
      ],
    };

    expect(schemaFromApimap(apimap)).toEqual({
      collections: [
        { name: 'orders', actions: ['Refund'] },
        { name: 'customers', actions: [] },
      ],
    });
  });

  it('rejects a document without data', () => {
    expect(schemaFromApimap({ collections: [] })).toBeUndefined();
  });
});
