import { agentSchemaSource } from '../../src/platform/agent-schema-source';

describe('agentSchemaSource', () => {
  const books = { collections: [{ name: 'books', fields: [], actions: [] }] };
  const authors = { collections: [{ name: 'authors', fields: [], actions: [] }] };
  let now = 1_800_000_000_000;

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('keeps the same schema object when the platform serves the same schema again', async () => {
    const platform = { schema: jest.fn(async () => structuredClone(books)) };
    const schemaOf = agentSchemaSource(platform, () => undefined);
    const first = await schemaOf();

    now += 5 * 60 * 1000;
    const second = await schemaOf();

    expect(platform.schema).toHaveBeenCalledTimes(2);
    expect(second).toBe(first);
  });

  it('answers a new schema object when the platform serves another schema', async () => {
    let served: unknown = books;
    const platform = { schema: jest.fn(async () => structuredClone(served)) };
    const schemaOf = agentSchemaSource(platform, () => undefined);
    const first = await schemaOf();

    served = authors;
    now += 5 * 60 * 1000;
    const second = await schemaOf();

    expect(second).not.toBe(first);
    expect(second?.collections.map(collection => collection.name)).toEqual(['authors']);
  });
});
