import { readAgentSchema } from '../src';
import { useFakeAgent } from './helpers/setup';

describe('AgentClient', () => {
  const { agent, client } = useFakeAgent();

  it('reads capabilities', async () => {
    const collections = [
      { name: 'books', fields: [{ name: 'id', type: 'Number', operators: ['equal'] }] },
    ];
    agent().reply('POST', '/forest/_internal/capabilities', { json: { collections } });

    await expect(client().capabilities(['books'])).resolves.toEqual(collections);
    expect(agent().last.body).toEqual({ collectionNames: ['books'] });
  });
});

describe('readAgentSchema', () => {
  it('reads the JSON:API form agents upload', () => {
    const schema = readAgentSchema({
      data: [
        {
          type: 'collections',
          id: 'books',
          attributes: { name: 'books', fields: [] },
          relationships: {
            actions: { data: [{ id: 'books-0-a', type: 'actions' }] },
            segments: { data: [] },
          },
        },
      ],
      included: [
        {
          type: 'actions',
          id: 'books-0-a',
          attributes: { name: 'A', endpoint: '/forest/_actions/books/0/a' },
        },
      ],
      meta: {},
    });

    expect(schema.collections).toEqual([
      {
        name: 'books',
        fields: [],
        actions: [{ name: 'A', endpoint: '/forest/_actions/books/0/a' }],
        segments: [],
      },
    ]);
  });

  it("reads the platform's form: fields as related resources (GET /liana/forest-schema)", () => {
    const schema = readAgentSchema({
      data: [
        {
          type: 'collections',
          id: 'books',
          attributes: { name: 'books' },
          relationships: {
            fields: { data: [{ id: 'books.id', type: 'fields' }] },
            actions: { data: [] },
            segments: { data: [{ id: 'books.New', type: 'segments' }] },
          },
        },
      ],
      included: [
        { type: 'fields', id: 'books.id', attributes: { field: 'id', type: 'Number' } },
        { type: 'segments', id: 'books.New', attributes: { name: 'New' } },
      ],
    });

    expect(schema.collections).toEqual([
      {
        name: 'books',
        fields: [{ field: 'id', type: 'Number' }],
        actions: [],
        segments: [{ name: 'New' }],
      },
    ]);
  });

  it('rejects anything else with a clear message', () => {
    expect(() => readAgentSchema({ collections: [{ name: 'x' }] })).toThrow(
      'Invalid agent schema: expected { collections: [{ name, fields, actions }] } (.grove-schema.json)',
    );
  });
});
