import type { AgentSchema } from '../../src/schema/agent-schema';
import { toApimap } from '../../src/schema/to-apimap';

const meta = {
  liana: 'grove-agent',
  liana_version: '0.1.0',
  liana_features: null,
  stack: { engine: 'nodejs', engine_version: '20.19.0' },
};
const action = {
  id: 'books-0-archive',
  name: 'Archive',
  type: 'bulk' as const,
  baseUrl: null,
  endpoint: '/forest/_actions/books/0/archive',
  httpMethod: 'POST' as const,
  redirect: null,
  download: false,
  fields: [],
  hooks: { load: false, change: ['changeHook'] as ['changeHook'] },
};
const collection = {
  fields: [],
  icon: null,
  integration: null,
  isReadOnly: false,
  isSearchable: true,
  isVirtual: false,
  onlyForRelationships: false,
  paginationType: 'page' as const,
};
const schema: AgentSchema = {
  collections: [
    {
      ...collection,
      actions: [action],
      name: 'books',
      segments: [{ id: 'books.recent', name: 'recent' }],
    },
    { ...collection, actions: [], name: 'tags', segments: [] },
  ],
  meta,
};

describe('toApimap', () => {
  it('builds the JSON:API document of the schema upload', () => {
    expect(toApimap(schema, 'abc123')).toEqual({
      data: [
        {
          id: 'books',
          type: 'collections',
          attributes: { ...collection, name: 'books' },
          relationships: {
            actions: { data: [{ id: 'books-0-archive', type: 'actions' }] },
            segments: { data: [{ id: 'books.recent', type: 'segments' }] },
          },
        },
        {
          id: 'tags',
          type: 'collections',
          attributes: { ...collection, name: 'tags' },
          relationships: { actions: { data: [] }, segments: { data: [] } },
        },
      ],
      included: [
        { id: 'books-0-archive', type: 'actions', attributes: action },
        {
          id: 'books.recent',
          type: 'segments',
          attributes: { id: 'books.recent', name: 'recent' },
        },
      ],
      meta: { ...meta, schemaFileHash: 'abc123' },
    });
  });
});
