/**
 * A JSON:API schema document as agents upload it (docs/platform-protocol.md#schema-upload):
 * `orders` with an action and a segment, `customers`.
 */
export function sampleApimap(hash = 'a'.repeat(40), extraCollection?: string) {
  const collections = [
    {
      type: 'collections',
      id: 'customers',
      attributes: {
        name: 'customers',
        icon: null,
        isReadOnly: false,
        isSearchable: true,
        fields: [{ field: 'id', type: 'Number', isPrimaryKey: true }],
      },
      relationships: { actions: { data: [] }, segments: { data: [] } },
    },
    {
      type: 'collections',
      id: 'orders',
      attributes: {
        name: 'orders',
        icon: null,
        isReadOnly: false,
        isSearchable: true,
        fields: [
          { field: 'id', type: 'Number', isPrimaryKey: true },
          { field: 'status', type: 'String', isPrimaryKey: false },
        ],
      },
      relationships: {
        actions: { data: [{ type: 'actions', id: 'orders-0-archive' }] },
        segments: { data: [{ type: 'segments', id: 'orders.Paid' }] },
      },
    },
    ...(extraCollection
      ? [
          {
            type: 'collections',
            id: extraCollection,
            attributes: { name: extraCollection, fields: [{ field: 'id', type: 'Number' }] },
            relationships: { actions: { data: [] }, segments: { data: [] } },
          },
        ]
      : []),
  ];

  return {
    jsonapi: { version: '1.0' },
    meta: {
      liana: 'forest-nodejs-agent',
      liana_version: '1.0.0',
      liana_features: null,
      stack: { engine: 'nodejs', engine_version: '20.11.0' },
      schemaFileHash: hash,
    },
    data: collections,
    included: [
      {
        type: 'actions',
        id: 'orders-0-archive',
        attributes: {
          id: 'orders-0-archive',
          name: 'Archive',
          type: 'single',
          endpoint: '/forest/_actions/orders/0/archive',
          fields: [],
          hooks: { load: false, change: ['changeHook'] },
        },
      },
      { type: 'segments', id: 'orders.Paid', attributes: { id: 'orders.Paid', name: 'Paid' } },
    ],
  };
}
